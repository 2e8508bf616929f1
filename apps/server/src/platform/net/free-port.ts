import net from 'node:net';

/** Resolves with `preferred` if it can be bound on 127.0.0.1, else the next free port after it (0: any). */
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
