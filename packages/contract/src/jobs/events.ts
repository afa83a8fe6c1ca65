import { JobSchema } from './job';

/**
 * Domain events the jobs module publishes (issue 8). The aggregate is the job: every change of a
 * job (queued, progress, finished) is one `jobs.job.updated` carrying the whole job.
 */
export const jobEvents = {
  'jobs.job.updated': JobSchema,
} as const;
