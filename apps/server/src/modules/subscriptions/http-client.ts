import http from 'node:http';
import https from 'node:https';

/**
 * A small JSON-over-HTTP client for the gateway and the IRP: node:http with a keep-alive agent
 * rather than fetch, because a billing run makes three calls per renewal, several in flight, and
 * fetch's web streams cost several times node:http's CPU per call (profiled in the billing bench:
 * most of a runner's time). Sockets are reused across calls and released when idle.
 */
export class HttpClient {
  private readonly agent: http.Agent;

  constructor(
    private readonly baseUrl: string,
    private readonly options: { maxSockets?: number; timeoutMs?: number } = {},
  ) {
    const secure = new URL(baseUrl).protocol === 'https:';
    const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 16 };
    this.agent = secure ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  }

  /** Answers the status and the body as text; rejects on a network error or after the timeout (15 s). */
  request(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
    const url = new URL(`${this.baseUrl.replace(/\/$/, '')}${path}`);
    const timeoutMs = this.options.timeoutMs ?? 15_000;
    return new Promise((resolve, reject) => {
      const req = (url.protocol === 'https:' ? https : http).request(
        url,
        { method, agent: this.agent, timeout: timeoutMs, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${url.host} did not answer within ${timeoutMs / 1000} s`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Closes the idle sockets (tests and tools that end). */
  close(): void {
    this.agent.destroy();
  }
}
