import pino from 'pino';
import { buildApp } from '@/app';
import { loadConfig } from '@/config';
import { openDatabase } from '@/db/open';
import { seedPlatform } from '@/seed/seed';

/** `npm run db:seed`: loads reference data (and the demo account unless SEED_DEMO=false). */
const config = loadConfig();
const connection = await openDatabase(config);
const { app, ...modules } = await buildApp({ config, connection, logger: false });
await seedPlatform(modules, connection.db, { seedDemo: config.SEED_DEMO, log: pino() });
await app.close();
await connection.close();
