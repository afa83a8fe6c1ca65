import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Logic tests (`*.test.ts`) run in Node. Component tests (`*.test.tsx`) start with the docblock
// `// @vitest-environment happy-dom`: a project config cannot split its files between
// environments by name, and giving every file a DOM would make the logic tests several times slower.
export default defineConfig({
  root: import.meta.dirname,
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
  },
  test: {
    name: 'web',
    environment: 'node',
    // The page's origin, so the app's relative API paths resolve where the mock server answers.
    environmentOptions: { happyDOM: { url: 'http://localhost:3000' } },
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/testing/setup.ts'],
  },
});
