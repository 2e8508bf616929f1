/** Error codes CPCB-style receivers answer (as our receiver implements them, packages/regulator-receiver). */
export const CPCB_ERROR_CODES: Record<string, string> = {
  E401: 'authentication refused: unknown token id, bad signature, wrong credentials or an expired key (renew it in the connection); retried',
  E402: 'signature timestamp too far from the regulator clock (check the server clock); retried',
  E403: 'the body did not decrypt with the industry token (token mismatch); retried',
  E404: 'the body was not the protocol JSON; refused for good',
  E405: 'a timestamp not on a 15-minute IST slot; refused for good',
  E406: 'a timestamp in the future (clocks apart); retried',
  E407: 'older than the back-fill limit; kept as EXPIRED',
  E408: 'real-time upload of data older than 15 minutes; retried as a delayed upload',
  E500: 'the regulator failed; retried',
};
