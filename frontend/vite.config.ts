import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The SPA is served under /horizon/ (history mode); in development the API runs on :8000.
const API_TARGET = 'http://127.0.0.1:8000';
const proxied = ['/api', '/auth', '/cas', '/avatar'];

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
    environment: 'jsdom',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
