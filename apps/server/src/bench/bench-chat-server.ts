import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { buildApp } from '@/app';
import { loadConfig } from '@/config';
import { openDatabase } from '@/db/open';
import { seedPlatform } from '@/seed/seed';
import { seedChatPairs } from './bench-chat-fixtures';
import type { DriverCommand, MemorySample, ServerReport } from './bench-chat-ipc';

/**
 * The server process of `npm run bench:chat`, started by the driver with `child_process.fork`
 * and `--expose-gc`: the same start as `server.ts` (configured by the environment the driver
 * passes), plus bench commands over the IPC channel: seed the pairs, report memory after GC and
 * CPU use. Nothing is added to the HTTP API. Exits when told to stop or when the driver goes.
 */
const report = (message: ServerReport) => process.send?.(message);

const sampleMemory = async (): Promise<MemorySample> => {
  // Several passes with a turn of the event loop between them, so weak and finalised objects go.
  for (let pass = 0; pass < 3; pass += 1) {
    globalThis.gc?.();
    await new Promise((resolve) => setImmediate(resolve));
  }
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, external, arrayBuffers };
};

const main = async () => {
  const startedAt = performance.now();
  const config = loadConfig();
  const connection = await openDatabase(config);
  const { app, ...modules } = await buildApp({ config, connection });

  let isStopping = false;
  const stop = async () => {
    if (isStopping) return;
    isStopping = true;
    try {
      await app.close();
    } finally {
      await connection.close();
    }
    process.exit(0);
  };
  process.on('disconnect', () => void stop());

  await seedPlatform(modules, connection.db, {
    seedDemo: config.SEED_DEMO,
    log: app.log,
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();

  let usageMark = { cpu: process.cpuUsage(), at: performance.now() };
  let eluMark: EventLoopUtilization = performance.eventLoopUtilization();
  const handle = async (command: DriverCommand) => {
    switch (command.type) {
      case 'seed': {
        const seedStartedAt = performance.now();
        const { pairs, companiesCreated } = await seedChatPairs(connection.db, command.pairs);
        const seededInMs = performance.now() - seedStartedAt;
        report({ type: 'seeded', pairs, companiesCreated, seededInMs });
        return;
      }
      case 'memory':
        report({ type: 'memory', sample: await sampleMemory() });
        return;
      case 'usage': {
        const cpu = process.cpuUsage();
        const elu = performance.eventLoopUtilization();
        const at = performance.now();
        report({
          type: 'usage',
          sample: {
            cpuMs: (cpu.user - usageMark.cpu.user + cpu.system - usageMark.cpu.system) / 1000,
            wallMs: at - usageMark.at,
            eventLoopUtilization: performance.eventLoopUtilization(elu, eluMark).utilization,
          },
        });
        usageMark = { cpu, at };
        eluMark = elu;
        return;
      }
      case 'stop':
        await stop();
        return;
    }
  };
  process.on('message', (command: DriverCommand) => {
    handle(command).catch((error: unknown) =>
      report({ type: 'failed', message: (error as Error).stack ?? String(error) }),
    );
  });
  report({
    type: 'ready',
    port: typeof address === 'object' && address ? address.port : config.PORT,
    engine: connection.engine,
    startedInMs: performance.now() - startedAt,
  });
};

main().catch((error: unknown) => {
  report({ type: 'failed', message: (error as Error).stack ?? String(error) });
  process.exit(1);
});
