import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

// The API runs on the Fastify server (npm start / npm run dev at the root); in dev, Vite forwards /api.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // ECharts alone is ~1 MB before gzip; it is its own lazy chunk, loaded by the first chart.
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      output: {
        // Mantine's components in one chunk instead of one per component: a page needs a dozen of
        // them, and over HTTP/1.1 (six connections a host) each extra file waited its turn.
        manualChunks: (id) => (id.includes('/node_modules/@mantine/') ? 'mantine' : undefined),
      },
    },
  },
});
