import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Each workspace owns its Vitest settings in its own vitest.config.ts; the root only lists them.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // One test file per core (Vitest's default leaves one core to itself): many server tests
    // wait on the database, timers and child processes. Measured on the 2-core CI machine: the
    // PGlite pass, bound by each file's start-up (module evaluation, its own PGlite), took about
    // as long either way (879 s with one worker, 917 s and 693 s with two); the PostgreSQL pass
    // of the server's tests took 470 s with two.
    maxWorkers: availableParallelism(),
  },
});
