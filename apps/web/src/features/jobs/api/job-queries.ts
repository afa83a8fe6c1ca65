import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelJob,
  getJob,
  isJobActive,
  type Job,
  jobDownloadUrl,
  listJobs,
  startDataExport,
} from '@atelier/contract/jobs/job';
import { callApi } from '@/lib/api-client';
import { browserTokenStore } from '@/lib/session-token';

export const jobKeys = {
  all: ['jobs'] as const,
  detail: (id: string) => [...jobKeys.all, 'detail', id] as const,
  latest: (kind: string) => [...jobKeys.all, 'latest', kind] as const,
};

/** Polling while a job runs: a backstop when live updates are up, the source when they are not. */
const POLL_LIVE_MS = 15_000;
const POLL_OFFLINE_MS = 2_000;

const pollWhileActive = (job: Job | null | undefined, isLive: boolean) =>
  job && isJobActive(job.status) ? (isLive ? POLL_LIVE_MS : POLL_OFFLINE_MS) : false;

export const jobQueryOptions = (id: string, isLive = false) =>
  queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: ({ signal }) => callApi(getJob, { params: { id }, signal }),
    refetchInterval: (query) => pollWhileActive(query.state.data, isLive),
  });

/** The store's newest job of a kind (null when it has none). */
export const latestJobQueryOptions = (kind: string, isLive = false) =>
  queryOptions({
    queryKey: jobKeys.latest(kind),
    queryFn: async ({ signal }) =>
      (await callApi(listJobs, { query: { kind, limit: 1 }, signal })).items[0] ?? null,
    refetchInterval: (query) => pollWhileActive(query.state.data, isLive),
  });

export const useJob = (id: string, isLive = false) => useQuery(jobQueryOptions(id, isLive));

export const useLatestJob = (kind: string, isLive = false) =>
  useQuery(latestJobQueryOptions(kind, isLive));

/**
 * Whether `incoming` is an older state of the job `current` shows: answers and live updates can
 * arrive out of order (a fast job's "completed" over the socket before the start's own answer),
 * and a bar must never go back from 100 to 0.
 */
const isStaleState = (incoming: Job, current: Job | null | undefined) =>
  current?.id === incoming.id &&
  (current.updatedAt > incoming.updatedAt ||
    (!isJobActive(current.status) && isJobActive(incoming.status)));

/** Writes a job the server sent (an answer or a live update) into every query that shows it. */
export const storeJob = (queryClient: ReturnType<typeof useQueryClient>, job: Job) => {
  if (!isStaleState(job, queryClient.getQueryData<Job>(jobKeys.detail(job.id)))) {
    queryClient.setQueryData(jobKeys.detail(job.id), job);
  }
  const latest = queryClient.getQueryData<Job | null>(jobKeys.latest(job.kind));
  if (isStaleState(job, latest)) return;
  if (!latest || latest.id === job.id || latest.createdAt <= job.createdAt) {
    queryClient.setQueryData(jobKeys.latest(job.kind), job);
  }
};

/** Starts "Export my data"; while one runs, the server answers with that one. */
export const useStartDataExport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(startDataExport),
    onSuccess: (job) => storeJob(queryClient, job),
  });
};

export const useCancelJob = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(cancelJob, { params: { id } }),
    onSuccess: (job) => storeJob(queryClient, job),
    // Already ended (409 job_finished): show how it ended.
    onError: (_error, id) => queryClient.invalidateQueries({ queryKey: jobKeys.detail(id) }),
  });
};

/**
 * Saves a completed job's file. The download needs the session's bearer token, so the bytes are
 * fetched here and handed to the browser through an object URL.
 */
export const downloadJobFile = async (job: Job): Promise<void> => {
  const token = browserTokenStore.getToken();
  const response = await fetch(jobDownloadUrl(job.id), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`The file could not be downloaded (${response.status}).`);
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = job.result?.fileName ?? `${job.id}`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
};
