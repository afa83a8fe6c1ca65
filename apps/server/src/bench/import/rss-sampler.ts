/** Resident set sizes of this process (bytes): before, the peak of each phase, and at the end. */
export type RssReading = {
  beforeBytes: number;
  peakBytes: number;
  endBytes: number;
  /** The peak of each phase named with `phase()`, in the order they began. */
  phases: { name: string; peakBytes: number }[];
  /** `process.memoryUsage()` when the peak was sampled: how much of it is this thread's heap. */
  atPeak: NodeJS.MemoryUsage;
  /**
   * The most this thread's V8 heap held just after a full (mark-compact) collection: what was
   * live, garbage aside; `null` when none ran. The heap grows far past it between collections
   * (V8 lets it reach up to 4 times the live size when collecting is cheap).
   */
  liveHeapPeakBytes: number | null;
};

import { constants, PerformanceObserver } from 'node:perf_hooks';

/**
 * Samples `process.memoryUsage.rss()` every `intervalMs` from now until `stop()`. The whole
 * process counts: worker threads (the PGlite thread) and native memory (zlib, WebAssembly) too.
 */
export const startRssSampler = (firstPhase: string, intervalMs = 250) => {
  const beforeBytes = process.memoryUsage.rss();
  let peakBytes = beforeBytes;
  let atPeak = process.memoryUsage();
  const phases = [{ name: firstPhase, peakBytes: beforeBytes }];
  const read = () => {
    const rss = process.memoryUsage.rss();
    if (rss > peakBytes) {
      peakBytes = rss;
      atPeak = process.memoryUsage();
    }
    const current = phases[phases.length - 1]!;
    current.peakBytes = Math.max(current.peakBytes, rss);
    return rss;
  };
  const timer = setInterval(read, intervalMs);
  let liveHeapPeakBytes: number | null = null;
  const collections = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { kind } = (entry as PerformanceEntry & { detail: { kind: number } }).detail;
      if (kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      liveHeapPeakBytes = Math.max(liveHeapPeakBytes ?? 0, process.memoryUsage().heapUsed);
    }
  });
  collections.observe({ entryTypes: ['gc'] });
  return {
    /** Starts the next phase (its peak is kept apart). */
    phase(name: string) {
      read();
      phases.push({ name, peakBytes: process.memoryUsage.rss() });
    },
    stop(): RssReading {
      clearInterval(timer);
      collections.disconnect();
      const endBytes = read();
      return { beforeBytes, peakBytes, endBytes, phases, atPeak, liveHeapPeakBytes };
    },
  };
};

/** Bytes as whole megabytes (MiB), for the tables. */
export const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
