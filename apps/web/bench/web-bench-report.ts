import type { Result } from 'lighthouse';

/** What one Lighthouse run of one page found; times in milliseconds, sizes in bytes. */
export type PageRun = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scripts: { url: string; bytes: number }[];
  /** "category: audit-id (title)" for every audit below 100 in accessibility / best practices. */
  failingAudits: string[];
  loadAverage: number;
};

const score = (lhr: Result, category: string) =>
  Math.round((lhr.categories[category]?.score ?? NaN) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? NaN;

type NetworkItem = { url: string; resourceType?: string; resourceSize?: number };

/** The figures of a Lighthouse report (`lhr`) that the benchmark prints. */
export const readRun = (lhr: Result, loadAverage: number): PageRun => {
  const requests = lhr.audits['network-requests']?.details;
  const items = (requests && 'items' in requests ? requests.items : []) as NetworkItem[];
  const failingAudits = (['accessibility', 'best-practices'] as const).flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
      .map((audit) => `${category}: ${audit!.id} (${audit!.title})`),
  );
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    scripts: items
      .filter((item) => item.resourceType === 'Script')
      .map((item) => ({ url: item.url, bytes: item.resourceSize ?? 0 })),
    failingAudits,
    loadAverage,
  };
};

/** Median of repeated measurements (NaN when there are none). */
export const median = (values: readonly number[]): number => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export type Preset = 'desktop' | 'mobile';

/** Issue 10's goals for a page measured with a preset: the minimum score of each category. */
export const goalsFor = (preset: Preset) =>
  preset === 'desktop'
    ? { performance: 95, accessibility: 100, bestPractices: 100 }
    : { performance: 90 };
