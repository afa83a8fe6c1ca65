import { Worker } from 'node:worker_threads';
import type { SVG_SANITIZER_ROLE, SvgSanitizeResult } from './svg-sanitize.worker';

/**
 * Most elements an uploaded SVG may have: room for detailed illustrations, and a bound on the
 * seconds of CPU that sanitising one takes (about 20,000 elements a few seconds).
 */
export const MAX_SVG_ELEMENTS = 20_000;

/** What sanitising gave: the clean bytes, or why there are none. */
export type SvgSanitizeOutcome =
  { kind: 'clean'; bytes: Buffer } | { kind: 'not_svg' } | { kind: 'too_complex' };

export type SvgSanitizer = {
  /** The sanitised SVG of `bytes` (UTF-8 XML with an `<svg>` root), or why there is none. */
  sanitize(bytes: Buffer): Promise<SvgSanitizeOutcome>;
  /** Stops the worker thread; later calls start a new one. */
  close(): Promise<void>;
};

type SvgSanitizerOptions = {
  maxElements?: number;
  /** Past this, counted from the call, the SVG counts as too complex and the worker restarts. */
  timeoutMs?: number;
};

type Job = {
  id: number;
  text: string;
  resolve: (result: SvgSanitizeResult) => void;
  timer: NodeJS.Timeout;
};

const role: typeof SVG_SANITIZER_ROLE = 'atelier-svg-sanitizer';
const WORKER_URL = new URL('./svg-sanitize.worker.ts', import.meta.url);

/**
 * Sanitises SVG uploads with DOMPurify in one worker thread, started on the first SVG, so a
 * large file never stalls the API. Jobs run in order; a job past `timeoutMs` or one that makes
 * the worker fail (out of memory) is `too_complex`, and the jobs behind it go to a new worker.
 */
export const createSvgSanitizer = ({
  maxElements = MAX_SVG_ELEMENTS,
  timeoutMs = 60_000,
}: SvgSanitizerOptions = {}): SvgSanitizer => {
  let worker: Worker | undefined;
  let nextId = 0;
  const jobs = new Map<number, Job>();

  const send = (job: Job) => {
    worker ??= startWorker();
    worker.postMessage({ id: job.id, text: job.text, maxElements });
  };

  const finish = (id: number, result: SvgSanitizeResult) => {
    const job = jobs.get(id);
    if (!job) return;
    jobs.delete(id);
    clearTimeout(job.timer);
    job.resolve(result);
  };

  /** Ends the current worker after its oldest job failed it; the other jobs go to a new one. */
  const failOldestJob = (failed: Worker) => {
    if (worker !== failed) return;
    worker = undefined;
    void failed.terminate();
    const [oldest, ...waiting] = jobs.values();
    if (oldest) finish(oldest.id, { kind: 'too_complex' });
    for (const job of waiting) send(job);
  };

  const startWorker = () => {
    const started = new Worker(WORKER_URL, {
      workerData: { role },
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    started.unref();
    started.on('message', ({ id, result }: { id: number; result: SvgSanitizeResult }) =>
      finish(id, result),
    );
    started.on('error', () => failOldestJob(started));
    started.on('exit', () => failOldestJob(started));
    return started;
  };

  return {
    async sanitize(bytes) {
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        return { kind: 'not_svg' };
      }
      const id = nextId++;
      const result = await new Promise<SvgSanitizeResult>((resolve) => {
        const timer = setTimeout(() => {
          // Jobs run in order, so the job past its time is the one the worker is busy with.
          if (worker) failOldestJob(worker);
          else finish(id, { kind: 'too_complex' });
        }, timeoutMs);
        const job = { id, text, resolve, timer };
        jobs.set(id, job);
        send(job);
      });
      return result.kind === 'clean'
        ? { kind: 'clean', bytes: Buffer.from(result.svg, 'utf8') }
        : { kind: result.kind };
    },

    async close() {
      const current = worker;
      worker = undefined;
      for (const job of jobs.values()) finish(job.id, { kind: 'too_complex' });
      await current?.terminate();
    },
  };
};
