import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useEffectEvent, useRef } from 'react';
import { isJobActive, type Job } from '@atelier/contract/jobs/job';
import { storeJob, useJob } from '../api/job-queries';
import { useJobUpdates } from '../realtime/job-updates';
import { JobProgress } from './job-progress';

export type FollowedJobProps = {
  /** The job as its start answered; followed live from there. */
  startedJob: Job;
  /** What the job is, in words ("Your order import"), as JobProgress says it. */
  label: string;
  formatCounts?: (counts: Job['counts']) => string;
  /** What a completed job shows instead of JobProgress's "ready" line (a module's summary). */
  renderCompleted?: (job: Job) => ReactNode;
  /** Called once the job has ended: completed, failed or canceled. */
  onEnded?: (job: Job) => void;
};

/**
 * One job a screen has just started, followed live until it ends (issue 8): its progress bar
 * and Cancel while it runs, how it failed or was canceled, and the module's own summary once
 * completed. A page composes it into a feature's dialog (a feature never imports another).
 */
export const FollowedJob = ({
  startedJob,
  label,
  formatCounts,
  renderCompleted,
  onEnded,
}: FollowedJobProps) => {
  const queryClient = useQueryClient();
  const isLive = useJobUpdates(true);
  // The start's answer goes through storeJob, so it never undoes a live update that beat it.
  useEffect(() => storeJob(queryClient, startedJob), [queryClient, startedJob]);
  const followed = useJob(startedJob.id, isLive);
  const job = followed.data ?? startedJob;
  const isEnded = !isJobActive(job.status);

  // Once per job: later answers about an ended job change nothing.
  const reportedJobId = useRef<string | null>(null);
  const reportEnd = useEffectEvent((ended: Job) => onEnded?.(ended));
  useEffect(() => {
    if (!isEnded || reportedJobId.current === job.id) return;
    reportedJobId.current = job.id;
    reportEnd(job);
  }, [isEnded, job]);

  if (job.status === 'COMPLETED' && renderCompleted) return renderCompleted(job);
  return <JobProgress job={job} label={label} formatCounts={formatCounts} />;
};
