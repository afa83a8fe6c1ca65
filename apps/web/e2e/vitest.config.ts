import { defineConfig } from 'vitest/config';

/** Browser journeys: each spec file starts its own server on a free port with a fresh data dir. */
export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../../../node_modules/.vite/web-e2e',
  test: {
    name: 'web-e2e',
    environment: 'node',
    include: ['**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // One Chromium and one server at a time keeps the journeys steady on small machines.
    fileParallelism: false,
  },
});
