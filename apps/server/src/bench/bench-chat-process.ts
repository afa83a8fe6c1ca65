import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { DriverCommand, ServerReport } from './bench-chat-ipc';

type ReportOf<T extends ServerReport['type']> = Extract<ServerReport, { type: T }>;

const SHOWN_LOG_LINES = 5;
const STOP_TIMEOUT_MS = 20_000;

/** The pino level of a JSON log line; undefined for any other output. */
const levelOf = (line: string): number | undefined => {
  try {
    return (JSON.parse(line) as { level?: number }).level ?? 0;
  } catch {
    return undefined;
  }
};

/**
 * Starts `bench-chat-server.ts` as a child process (`fork`, with `--expose-gc` so memory is read
 * after a full collection) and talks to it over IPC. The server's warning and error log lines
 * are counted; the first few are shown on stderr.
 */
export const startBenchServer = (env: Record<string, string | undefined>) => {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'bench-chat-server.ts'), [], {
    execArgv: [...process.execArgv, '--expose-gc'],
    env,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve();
    }),
  );

  const logs = { warnings: 0, errors: 0 };
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const level = levelOf(line);
    if (level === undefined) {
      process.stderr.write(`[server] ${line}\n`);
      return;
    }
    if (level >= 50) logs.errors += 1;
    else if (level >= 40) logs.warnings += 1;
    if (logs.errors + logs.warnings <= SHOWN_LOG_LINES) process.stderr.write(`[server] ${line}\n`);
  });

  const next = <T extends ServerReport['type']>(type: T) =>
    new Promise<ReportOf<T>>((resolve, reject) => {
      const settle = () => {
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      const onMessage = (report: ServerReport) => {
        if (report.type === 'failed') {
          settle();
          reject(new Error(`bench server failed: ${report.message}`));
        } else if (report.type === type) {
          settle();
          resolve(report as ReportOf<T>);
        }
      };
      const onExit = (code: number | null) => {
        settle();
        reject(new Error(`bench server exited (code ${code}) while waiting for '${type}'`));
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });

  return {
    logs,
    ready: () => next('ready'),
    ask<T extends ServerReport['type']>(command: DriverCommand, reply: T) {
      const answer = next(reply);
      // A send to a server that just died fails; the exit rejects the answer.
      child.send(command, () => {});
      return answer;
    },
    /** Asks the server to close (sockets, app, database); kills it if it does not in time. */
    async stop() {
      if (exitCode !== undefined) return;
      if (child.connected) child.send({ type: 'stop' } satisfies DriverCommand, () => {});
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
};
export type BenchServer = ReturnType<typeof startBenchServer>;
