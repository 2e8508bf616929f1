import type { RegulatorCredentials, RegulatorProtocol } from '@enviro/contracts/regulator';

export type CredentialName = keyof RegulatorCredentials;

/** The credentials each protocol uses (REGULATORY.md), in the order the form shows them. */
export const PROTOCOL_CREDENTIALS: Record<RegulatorProtocol, readonly CredentialName[]> = {
  CPCB_ODAMS: ['tokenId', 'publicKey'],
  CPCB_RTDMS: ['username', 'password'],
  GENERIC_JSON: ['token'],
};

export const CREDENTIAL_LABELS: Record<CredentialName, string> = {
  token: 'Token',
  tokenId: 'Token id',
  publicKey: "Regulator's public key (PEM)",
  username: 'User name',
  password: 'Password',
};

/**
 * What the user typed for each credential, and which stored ones they chose to clear. Credentials
 * are write-only: the server only says which are set, so an empty field keeps the stored value.
 */
export interface CredentialDraft {
  values: Partial<Record<CredentialName, string>>;
  cleared: CredentialName[];
}

export const emptyDraft = (): CredentialDraft => ({ values: {}, cleared: [] });

/**
 * The `credentials` of a request body: a typed value replaces, a cleared one is null, anything else
 * is left out (kept as stored). Undefined when nothing changes, so the body carries no credentials.
 */
export function credentialsInput(draft: CredentialDraft, protocol: RegulatorProtocol): RegulatorCredentials | undefined {
  const out: RegulatorCredentials = {};
  for (const name of PROTOCOL_CREDENTIALS[protocol]) {
    const typed = draft.values[name]?.trim() ?? '';
    if (typed !== '') out[name] = typed;
    else if (draft.cleared.includes(name)) out[name] = null;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
