import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Job } from '@atelier/contract/jobs/job';
import { jobKeys, storeJob } from './job-queries';

const aJob = (overrides: Partial<Job> = {}): Job => ({
  id: 'job_1',
  storeId: 'sto_1',
  kind: 'DATA_EXPORT',
  status: 'QUEUED',
  progress: 0,
  message: null,
  counts: {},
  error: null,
  result: null,
  attempts: 0,
  createdAt: '2026-11-24T10:00:00.000Z',
  startedAt: null,
  endedAt: null,
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...overrides,
});

const completed = aJob({
  status: 'COMPLETED',
  progress: 100,
  startedAt: '2026-11-24T10:00:00.100Z',
  endedAt: '2026-11-24T10:00:00.400Z',
  updatedAt: '2026-11-24T10:00:00.400Z',
});

describe('storeJob', () => {
  it('keeps a finished job finished when the start answer arrives after its live update', () => {
    const queryClient = new QueryClient();
    storeJob(queryClient, completed);
    storeJob(queryClient, aJob());
    expect(queryClient.getQueryData<Job>(jobKeys.detail('job_1'))?.progress).toBe(100);
    expect(queryClient.getQueryData<Job>(jobKeys.latest('DATA_EXPORT'))?.status).toBe('COMPLETED');
  });

  it('takes every newer state of the job, and a newer job of the kind', () => {
    const queryClient = new QueryClient();
    storeJob(queryClient, aJob());
    storeJob(queryClient, completed);
    expect(queryClient.getQueryData<Job>(jobKeys.detail('job_1'))?.progress).toBe(100);
    const next = aJob({
      id: 'job_2',
      createdAt: '2026-11-24T11:00:00.000Z',
      updatedAt: '2026-11-24T11:00:00.000Z',
    });
    storeJob(queryClient, next);
    expect(queryClient.getQueryData<Job>(jobKeys.latest('DATA_EXPORT'))?.id).toBe('job_2');
  });
});
