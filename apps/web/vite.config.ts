import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { publishBuild } from './publish-build.ts';

// Two files instead of the thirty-odd small chunks Rollup split the code most pages share into,
// each of which a signed-in page waited for over HTTP/1.1's six connections: the libraries
// (React, Mantine, query, zod, dates) and our shared code (contracts, domain rules, API client,
// common components). Libraries never import our code, so the two load without a cycle. ECharts
// stays its own lazy chunk, fetched by the first chart.
const LIBRARIES = /\/node_modules\/(?!echarts\/|zrender\/)/;
const SHARED = /\/(packages\/(contracts|domain)\/src|apps\/web\/src\/(lib|components|config|hooks))\//;
// The few endpoints and pickers of features that pages of many areas use (the entity tree, trends,
// limits, the parameter catalogue, tenants, corporates, preferences) and every feature's query keys
// go with the shared code too: left to Rollup, each became a chunk of a few hundred bytes that the
// industry page waited for.
const SHARED_FEATURE_FILES =
  /\/apps\/web\/src\/features\/(entities\/api\/get-(entity-tree|alert-limits)|data\/api\/get-(entity-metric|std-params)|preferences\/api\/get-preferences|tenants\/api\/get-tenants?|tenants\/components\/tenant-picker|corporates\/api\/get-corporates|corporates\/components\/corporate-select|[^/]+\/api\/query-keys)\.tsx?$/;
const FEATURE_MODULE = /\/apps\/web\/src\/features\/.+\.tsx?$/;
const isShared = (id: string) => (SHARED.test(id) && !id.includes('echarts-setup')) || SHARED_FEATURE_FILES.test(id);

// The API runs on the Fastify server (npm start / npm run dev at the root); in dev, Vite forwards /api.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // A build goes to a folder of its own under builds/, compressed, and dist then switches to it
  // (publish-build.ts): a server serving dist never sees it half-written or empty.
  plugins: [react(), publishBuild()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': 'http://localhost:8080' }, watch: { ignored: ['**/builds/**'] } },
  build: {
    // ECharts alone is ~1 MB before gzip; it is its own lazy chunk, loaded by the first chart.
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      // A feature's modules only declare (components, hooks, fetchers, keys): none runs anything as it
      // loads. Said so, a route that imports one name from a feature's index takes that name's module,
      // not every module the index re-exports.
      treeshake: { moduleSideEffects: (id) => !FEATURE_MODULE.test(id) },
      output: {
        manualChunks: (id) => (LIBRARIES.test(id) ? 'libraries' : isShared(id) ? 'shared' : undefined),
      },
    },
  },
});
