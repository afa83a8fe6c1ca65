import { defineConfig } from 'vitest/config';

// Each workspace owns its Vitest settings in its own vitest.config.ts; the root only lists them.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
