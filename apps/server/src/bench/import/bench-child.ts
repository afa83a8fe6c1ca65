import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * Forks a bench child (a `.ts` file beside this one or a path relative to it) with the same
 * loader as this process (tsx's flags are in `execArgv`), so it runs in a process of its own.
 */
export const forkBenchChild = (
  file: string,
  env: Record<string, string | undefined> = {},
  nodeArgs: readonly string[] = [],
): ChildProcess =>
  fork(path.join(import.meta.dirname, file), [], {
    env: { ...process.env, ...env },
    execArgv: [...process.execArgv, ...nodeArgs],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

/** The child's next IPC message; rejects when it exits first or answers `{ type: 'failed' }`. */
export const nextMessage = <T>(child: ChildProcess) =>
  new Promise<T>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`bench child exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (message: T & { type: string; message?: string }) => {
      child.off('exit', onExit);
      if (message.type === 'failed') reject(new Error(message.message));
      else resolve(message);
    });
  });

/** Resolves when the child has exited. */
export const exitOf = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** An error as a child reports it: its stack and, for a failed query, the database's reason. */
export const failureOf = (error: unknown): string => {
  const cause = (error as { cause?: unknown }).cause;
  const text = String((error as Error).stack ?? error);
  return cause ? `${text}\ncaused by: ${failureOf(cause)}` : text;
};
