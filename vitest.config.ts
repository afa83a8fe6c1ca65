import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Each workspace owns its Vitest settings in its own vitest.config.ts; the root only lists them.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // One test file per core (Vitest's default leaves one core to itself): the server's tests
    // spend much of their time waiting on the database, timers and child processes. On the
    // 2-core CI machine the PGlite pass took 693 s instead of 879 s, nothing else changed.
    maxWorkers: availableParallelism(),
  },
});
