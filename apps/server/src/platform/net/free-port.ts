import net from 'node:net';

/** Resolves with `preferred` if it can be bound on `host`, else the next free port after it (0: any). */
export async function findFreePort(preferred: number, host = '0.0.0.0'): Promise<number> {
  if (preferred === 0) return listenOnce(0, host);
  for (let port = preferred; port < preferred + 100 && port < 65536; port++) {
    try {
      return await listenOnce(port, host);
    } catch {
      // taken: try the next one
    }
  }
  throw new Error(`no free port in ${preferred}..${preferred + 99}`);
}

/**
 * Binds a listener (`bind` listens on the port it is given and answers the port bound) on
 * `preferred`, or, when that is taken, on the next free port after it, telling `moved` so the log
 * can say so. A port taken between the probe and the bind is retried further on.
 */
export async function bindFreePort<T>(
  preferred: number,
  host: string,
  bind: (port: number) => Promise<T>,
  moved: (port: number) => void,
): Promise<T> {
  let from = preferred;
  for (let attempt = 0; ; attempt++) {
    const free = await findFreePort(from, host);
    if (free !== preferred && attempt === 0 && preferred !== 0) moved(free);
    try {
      return await bind(free);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 5) throw error;
      from = free + 1;
    }
  }
}

function listenOnce(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      server.close(() => resolve(bound));
    });
  });
}
