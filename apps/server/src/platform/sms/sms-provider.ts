import type { FastifyBaseLogger } from 'fastify';

/** A text-message gateway (phone codes). A real one (an Indian SMS API) implements this. */
export interface SmsProvider {
  /** Resolves once the gateway accepted the message for `to` (digits with an optional leading +). */
  send(to: string, text: string): Promise<void>;
}

/** Names SMS_PROVIDER accepts. */
export type SmsProviderName = 'console';

/** The default: the message goes to the log, so phone confirmation works without a gateway. */
export class ConsoleSmsProvider implements SmsProvider {
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(to: string, text: string): Promise<void> {
    this.log.info({ to }, `sms (console provider): ${text}`);
  }
}

export function createSmsProvider(name: SmsProviderName, log: FastifyBaseLogger): SmsProvider {
  switch (name) {
    case 'console':
      return new ConsoleSmsProvider(log);
  }
}
