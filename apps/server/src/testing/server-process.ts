import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '@/lib/paths';

const serverEntry = path.join(REPO_ROOT, 'apps/server/src/server.ts');
const tsconfig = path.join(REPO_ROOT, 'apps/server/tsconfig.json');

export type ServerProcess = {
  child: ChildProcess;
  /** Resolves once the process serves (its port) or, for a worker, runs; rejects if it exits. */
  ready: Promise<{ port: number }>;
  exited: Promise<number | null>;
  output(): string;
};

/**
 * `npm start`'s server as a real child process (tsx), with the environment given on top of the
 * test's own: `DATABASE_URL` is dropped unless the overrides set it (PGlite in `DATA_DIR`).
 */
export const startServerProcess = (
  overrides: Record<string, string>,
  /** Extra node flags (the benchmark's `--profile` passes `--cpu-prof`). */
  nodeArgs: readonly string[] = [],
): ServerProcess => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    SEED_DEMO: 'false',
    SEED_DEMO_ORDERS: 'false',
  };
  delete env.DATABASE_URL;
  Object.assign(env, overrides);
  // tsx as a loader inside one node process (not the tsx CLI, which runs the server in a child
  // of its own), so a signal, SIGKILL included, reaches the server itself.
  env.TSX_TSCONFIG_PATH = tsconfig;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', serverEntry], { env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<{ port: number }>((resolve, reject) => {
    const timer = setInterval(() => {
      const serving = /Atelier is running at http:\/\/localhost:(\d+)/.exec(output);
      if (serving || output.includes('Atelier worker running')) {
        clearInterval(timer);
        resolve({ port: Number(serving?.[1] ?? 0) });
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited early:\n${output}`));
    });
  });
  return { child, ready, exited, output: () => output };
};
