import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getHealth, getLiveness } from '@atelier/contract/system/health';
import type { DatabaseConnection } from '@/db/client';
import { listMigrationTags, readSchemaVersion } from '@/db/migrate';
import { routeOptions } from '@/lib/endpoint';

const startedAt = Date.now();

/** `GET /api/health`: database engine, schema version and uptime (issue #2 §2). */
export const healthRoutes =
  (connection: DatabaseConnection, version: string): FastifyPluginAsyncZod =>
  async (app) => {
    // Read at start, so a health check costs one small query and no file read.
    listMigrationTags();
    app.get(getLiveness.path, routeOptions(getLiveness), async () => ({ status: 'ok' as const }));

    app.get(getHealth.path, routeOptions(getHealth), async () => ({
      status: 'ok' as const,
      database: {
        engine: connection.engine,
        schemaVersion: await readSchemaVersion(connection),
      },
      uptimeSeconds: Math.round((Date.now() - startedAt) / 100) / 10,
      version,
    }));
  };
