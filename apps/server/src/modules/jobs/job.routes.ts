import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Job } from '@atelier/contract/jobs/job';
import {
  cancelJob,
  downloadJobResult,
  getJob,
  listJobs,
  startDataExport,
} from '@atelier/contract/jobs/job';
import type { Actor } from '@/lib/actor';
import { routeOptions } from '@/lib/endpoint';
import type { JobService } from './job.service';

/**
 * Issue 8 jobs API, all scoped to the caller's store (another store's job is 404
 * `job_not_found`): start "Export my data" (202; while one runs, that one), read one, list
 * (newest first), cancel (409 `job_finished` once ended) and download a completed job's file.
 */
export const jobRoutes =
  (jobService: JobService, startExport: (actor: Actor) => Promise<Job>): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(startDataExport.path, routeOptions(startDataExport), async (request, reply) =>
      reply.status(202).send(await startExport(request.actor)),
    );

    app.get(getJob.path, routeOptions(getJob), async (request) =>
      jobService.getJob(request.actor, request.params.id),
    );

    app.get(listJobs.path, routeOptions(listJobs), async (request) =>
      jobService.listJobs(request.actor, request.query),
    );

    app.post(cancelJob.path, routeOptions(cancelJob), async (request) =>
      jobService.cancelJob(request.actor, request.params.id),
    );

    const { schema, config } = routeOptions(downloadJobResult);
    app.get(
      downloadJobResult.path,
      { schema: { params: schema.params, summary: schema.summary, tags: schema.tags }, config },
      async (request, reply) => {
        const file = await jobService.getResultFile(request.actor, request.params.id);
        return reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.sizeBytes))
          .header('x-content-type-options', 'nosniff')
          .header(
            'content-disposition',
            `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
          )
          .header('cache-control', 'private, no-store')
          .send(createReadStream(file.filePath));
      },
    );
  };
