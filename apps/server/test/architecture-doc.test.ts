import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

const SERVER_SRC = fileURLToPath(new URL('../src/', import.meta.url));
const DOC = readFileSync(fileURLToPath(new URL('../../../docs/ARCHITECTURE.md', import.meta.url)), 'utf8');

/** The rows of ARCHITECTURE.md's route index: `| \`GET /api/x\` | \`modules/a/a.routes.ts\` |`. */
const INDEX = [...DOC.matchAll(/^\| `(GET|POST|PUT|PATCH|DELETE|OPTIONS) (\/[^`]*)` \| `([^`]+\.ts)` \|$/gm)].map(([, method, url, file]) => ({
  route: `${method} ${url}`,
  url: url!,
  file: file!,
}));

// The route index is how a newcomer finds a route's code: it must list every route the app serves,
// each in the file that registers it.
describe('docs/ARCHITECTURE.md route index', () => {
  const ctx = useTestApp();

  it('lists every API route the app serves', () => {
    const served = ctx.app.declaredRoutes
      .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs') && !r.url.startsWith('/api/open/v1/docs') && (r.url.startsWith('/api/') || ['/healthz', '/metrics'].includes(r.url)))
      .map((r) => `${r.method} ${r.url}`);
    expect(served.length).toBeGreaterThan(50);
    expect(INDEX.map((r) => r.route).sort()).toEqual([...new Set(served)].sort());
  });

  it('names the file that registers each route', () => {
    for (const { route, url, file } of INDEX) {
      const source = readFileSync(`${SERVER_SRC}${file}`, 'utf8');
      // A path built in a loop (the OTP checks) is found by its last segment.
      const found = source.includes(`'${url}'`) || source.includes(`'${url.split('/').pop()}'`);
      expect(found, `${route} in ${file}`).toBe(true);
    }
  });
});
