import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.object({
    engine: z.enum(['pglite', 'postgres']),
    /** Tag of the last applied migration, e.g. "0003_catalog". */
    schemaVersion: z.string(),
  }),
  /** Seconds since the process started. */
  uptimeSeconds: z.number(),
  version: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;

export const getLiveness = defineEndpoint({
  method: 'GET',
  path: '/api/health/live',
  auth: 'public',
  response: z.object({ status: z.literal('ok') }),
  summary: 'Liveness: answers without touching the database (load balancers, benchmarks).',
  tags: ['system'],
});

export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  auth: 'public',
  response: HealthSchema,
  summary: 'Database engine, schema version and uptime.',
  tags: ['system'],
});
