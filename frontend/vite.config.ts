import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The SPA is served under /horizon/ (history mode); in development the API runs on :8000.
const API_TARGET = 'http://127.0.0.1:8000';
// `/files`: the signed file paths (`/files/<capability>/<name>`) the API answers for downloads.
const proxied = ['/api', '/auth', '/cas', '/avatar', '/files'];

export default defineConfig({
  base: '/horizon/',
  plugins: [react()],
  server: {
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: API_TARGET, changeOrigin: true }])),
      '/webSocket': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1600,
  },
  test: {
    globals: true,
    setupFiles: ['src/test/setup.ts'],
    // Two projects: `unit` (logic, *.test.ts) runs in Node — a file that needs a DOM says
    // `// @vitest-environment jsdom` on its first line — and is part of the fast loop
    // (`npm run test:unit`, one worker context for all files: these tests share no state); `components`
    // (*.test.tsx) renders screens in jsdom, each file isolated.
    projects: [
      { extends: true, test: { name: 'unit', environment: 'node', include: ['src/**/*.test.ts'], isolate: false } },
      { extends: true, test: { name: 'components', environment: 'jsdom', include: ['src/**/*.test.tsx'] } },
    ],
  },
});
