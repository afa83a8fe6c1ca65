import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';

/** Issue 8: where a long task stands. QUEUED and RUNNING are active; the others are final. */
export const JOB_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELED'] as const;
export const JobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatusSchema>;

export const ACTIVE_JOB_STATUSES: readonly JobStatus[] = ['QUEUED', 'RUNNING'];

/** Whether a job may still change (queued or running). */
export const isJobActive = (status: JobStatus): boolean => ACTIVE_JOB_STATUSES.includes(status);

/** Job kinds the platform runs; a module adds its own (`<module>.<task>`). */
export const DATA_EXPORT_JOB_KIND = 'identity.data-export';

/** What a job has gone through so far, by name: `{ tables: 3, rows: 120 }`. */
export const JobCountsSchema = z.record(z.string(), z.number().int().min(0));
export type JobCounts = z.infer<typeof JobCountsSchema>;

/** What a finished job produced: a download's file name, size and type, plus any module's own. */
export const JobResultSchema = z
  .object({
    fileName: z.string(),
    /** Size of the download, in bytes. */
    sizeBytes: z.number().int().min(0),
    contentType: z.string(),
  })
  .partial()
  .loose();
export type JobResult = z.infer<typeof JobResultSchema>;

export const JobSchema = z.object({
  id: z.string(), // "job_…"
  storeId: z.string(),
  kind: z.string(),
  status: JobStatusSchema,
  /** Whole percent, 0 to 100. */
  progress: z.number().int().min(0).max(100),
  /** What the job is doing now ("Exporting catalog_favorites"). */
  message: z.string().nullable(),
  counts: JobCountsSchema,
  /** The last error, when an attempt failed (the job may still be retried). */
  error: z.string().nullable(),
  result: JobResultSchema.nullable(),
  /** Attempts started so far (a retry or a resume after a restart adds one). */
  attempts: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  endedAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
});
export type Job = z.infer<typeof JobSchema>;

/** Realtime: the Socket.IO event that carries a changed job (payload: Job) to its store. */
export const JOB_UPDATED_SOCKET_EVENT = 'job:updated';

export const JobIdParamsSchema = z.object({
  id: z.string().regex(/^job_[a-z0-9]+$/, 'Not a job id.'),
});

export const ListJobsQuerySchema = z.object({
  kind: z
    .string()
    .regex(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/, 'Not a job kind.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  /** Opaque; from the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
});
export type ListJobsQuery = z.input<typeof ListJobsQuerySchema>;

export const JobPageSchema = z.object({
  items: z.array(JobSchema),
  nextCursor: z.string().nullable(),
});
export type JobPage = z.infer<typeof JobPageSchema>;

export const startDataExport = defineEndpoint({
  method: 'POST',
  path: '/api/jobs/data-export',
  response: JobSchema,
  successStatus: 202,
  summary:
    'Start "Export my data" (every table of the store as CSV and JSON in one archive). While one ' +
    'runs, starting again returns it.',
  tags: ['jobs'],
});

export const getJob = defineEndpoint({
  method: 'GET',
  path: '/api/jobs/:id',
  params: JobIdParamsSchema,
  response: JobSchema,
  tags: ['jobs'],
});

export const listJobs = defineEndpoint({
  method: 'GET',
  path: '/api/jobs',
  query: ListJobsQuerySchema,
  response: JobPageSchema,
  summary: "The store's jobs, newest first, optionally of one kind.",
  tags: ['jobs'],
});

export const cancelJob = defineEndpoint({
  method: 'POST',
  path: '/api/jobs/:id/cancel',
  params: JobIdParamsSchema,
  response: JobSchema,
  summary: 'Cancel a queued or running job (409 `job_finished` once it has ended).',
  tags: ['jobs'],
});

export const downloadJobResult = defineEndpoint({
  method: 'GET',
  path: '/api/jobs/:id/download',
  params: JobIdParamsSchema,
  response: z.unknown(),
  summary: "A completed job's file, as an attachment (404 `job_result_not_ready` before).",
  tags: ['jobs'],
});

/** The download URL of a job's file (GET, with the session's bearer token). */
export const jobDownloadUrl = (id: string): string => `/api/jobs/${id}/download`;
