/** Outgoing webhooks: a JSON POST to a URL an administrator configured. */
export interface WebhookSender {
  /**
   * Resolves with the answer's status once the receiver answered 2xx; throws otherwise (status and
   * body start). `idempotencyKey` goes out as the `Idempotency-Key` header: the same message sent
   * again (a retry, or after a crash between the send and its record) carries the same key.
   */
  post(url: string, payload: unknown, options?: { idempotencyKey?: string }): Promise<number>;
}

/** The real sender: fetch with a 10 s limit, `User-Agent: enviro-webhook`. */
export class FetchWebhookSender implements WebhookSender {
  constructor(private readonly fetchImpl: typeof fetch = fetch) {}

  async post(url: string, payload: unknown, options: { idempotencyKey?: string } = {}): Promise<number> {
    const res = await this.fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'enviro-webhook', ...(options.idempotencyKey && { 'idempotency-key': options.idempotencyKey }) },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) {
      const body = (await res.text().catch(() => '')).slice(0, 200);
      throw new Error(`webhook answered ${res.status}${body ? `: ${body}` : ''}`);
    }
    return res.status;
  }
}
