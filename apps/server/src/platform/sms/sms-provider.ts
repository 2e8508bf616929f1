import type { FastifyBaseLogger } from 'fastify';

/** A text-message gateway (phone codes). A real one (an Indian SMS API) implements this. */
export interface SmsProvider {
  /** Resolves once the gateway accepted the message for `to` (digits with an optional leading +). */
  send(to: string, text: string): Promise<void>;
}

/** Names SMS_PROVIDER accepts. */
export type SmsProviderName = 'console' | 'http';

/** Where the `http` provider posts: SMS_HTTP_URL and SMS_HTTP_KEY. */
export interface HttpSmsOptions {
  url: string;
  key: string;
  /** Sender id shown on the phone (DLT header in India), optional. */
  sender?: string | undefined;
}

/**
 * A real HTTP SMS gateway: POSTs `{"to", "text", "sender"}` as JSON to the configured URL with
 * `Authorization: Bearer <key>`; any 2xx is accepted, anything else (or no answer within 10 s) throws
 * with the status and the start of the body, which the alert outbox shows and retries.
 */
export class HttpSmsProvider implements SmsProvider {
  constructor(
    private readonly options: HttpSmsOptions,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(to: string, text: string): Promise<void> {
    const res = await this.fetchImpl(this.options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.options.key}` },
      body: JSON.stringify({ to, text, ...(this.options.sender && { sender: this.options.sender }) }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) {
      const body = (await res.text().catch(() => '')).slice(0, 200);
      throw new Error(`SMS gateway answered ${res.status}${body ? `: ${body}` : ''}`);
    }
  }
}

/** The default: the message goes to the log, so phone confirmation works without a gateway. */
export class ConsoleSmsProvider implements SmsProvider {
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(to: string, text: string): Promise<void> {
    this.log.info({ to }, `sms (console provider): ${text}`);
  }
}

export function createSmsProvider(name: SmsProviderName, log: FastifyBaseLogger, http?: HttpSmsOptions): SmsProvider {
  switch (name) {
    case 'console':
      return new ConsoleSmsProvider(log);
    case 'http':
      if (!http) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL and SMS_HTTP_KEY');
      return new HttpSmsProvider(http);
  }
}
