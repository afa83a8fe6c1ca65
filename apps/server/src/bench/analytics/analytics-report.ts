import { ANALYTICS_VIEW_KEYS } from '@atelier/contract/analytics/views';
import type { ImportedCounts } from '../import/import-store';
import { spread } from '../search/search-stats';
import type { AnchorRun } from './analytics-anchors';
import type { AnchorKind } from './analytics-anchor-child';
import type { FitTiming } from './analytics-fit';
import type { AnalyticsLoadResult } from './analytics-load';

/** What one engine's run measured (analytics-bench.ts). */
export type EngineRun = {
  engine: 'pglite' | 'postgres';
  counts: ImportedCounts;
  views: AnalyticsLoadResult & { machine: string };
  fits: AnalyticsLoadResult;
  anchors: AnchorRun;
  fit: FitTiming;
};

/** Issue 14's targets on PostgreSQL (ms, at p95 here). */
export const VIEW_TARGET_MS = 300;
export const COHORT_TARGET_MS = 1_000;
export const FIT_TARGET_MS = 200;

const targetOf = (view: string) =>
  view === 'analytics-cohorts' ? COHORT_TARGET_MS : VIEW_TARGET_MS;
const ms = (value: number) =>
  Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '–';
const kilobytes = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;
const verdict = (isMet: boolean) => (isMet ? 'met' : 'NOT met');
const pad = (text: string, width: number) => text.padEnd(width);
const left = (text: string, width: number) => text.padStart(width);

/** The view the anchored query belongs to. */
const ANCHORED_VIEWS: Record<AnchorKind, string> = {
  cohorts: 'analytics-cohorts',
  rfm: 'analytics-rfm',
  crossSelling: 'product-cross-selling-analysis',
};

/** The figures of one engine, as printed at the end of the run. */
export const formatEngine = (label: string, run: EngineRun): string => {
  const isPostgres = run.engine === 'postgres';
  const lines: string[] = [`\n== ${label}`];
  const { counts } = run;
  lines.push(
    `   the demo store: ${counts.orders.toLocaleString('en-US')} orders, ${counts.lines.toLocaleString('en-US')} lines, ${counts.customers.toLocaleString('en-US')} customers, ${counts.refunds.toLocaleString('en-US')} refunds`,
  );
  const perView = run.views.byKind[ANALYTICS_VIEW_KEYS[0]]?.count ?? 0;
  lines.push(
    `   views: ${perView} distinct ranges each, one request at a time, from the load generator's process [${run.views.machine}]; ${run.views.errors} errors${run.views.errorSamples.length ? ` (${run.views.errorSamples.join('; ')})` : ''}`,
  );
  lines.push(
    `   ${pad('view', 38)}${left('p50', 7)}${left('p95', 7)}${left('max', 7)}${left('answer', 10)}${isPostgres ? '   target (p95)' : ''}`,
  );
  let met = 0;
  for (const view of ANALYTICS_VIEW_KEYS) {
    const figures = run.views.byKind[view];
    if (!figures) {
      lines.push(`   ${pad(view, 38)} no answer`);
      continue;
    }
    const isMet = figures.p95 <= targetOf(view);
    if (isMet) met += 1;
    lines.push(
      `   ${pad(view, 38)}${left(ms(figures.p50), 7)}${left(ms(figures.p95), 7)}${left(ms(figures.max), 7)}${left(kilobytes(figures.bytes), 10)}${isPostgres ? `   ≤ ${ms(targetOf(view))} ms: ${verdict(isMet)}` : ''}`,
    );
  }
  const all = Object.values(run.views.byKind);
  const p50s = spread(all.map((figures) => figures.p50));
  lines.push(
    `   all ${all.length} views: median of the p50s ${ms(p50s.median)} ms (${ms(p50s.min)} to ${ms(p50s.max)})${isPostgres ? `; ${met} of ${ANALYTICS_VIEW_KEYS.length} meet their target` : ''}`,
  );

  const model = run.fits.byKind.predictive;
  lines.push(
    `   predictive model (GET …/predictive/model, ${model?.count ?? 0} calibration ends, each fitted): p50 ${ms(model?.p50 ?? NaN)} ms, p95 ${ms(model?.p95 ?? NaN)} ms, max ${ms(model?.max ?? NaN)} ms; ${run.fits.errors} errors`,
  );
  const { fit } = run;
  lines.push(
    `   BG/NBD + Gamma-Gamma fit, ${fit.customers.toLocaleString('en-US')} simulated customers (${fit.repeatCustomers.toLocaleString('en-US')} repeat), ${fit.fits} draws: median ${ms(fit.ms.median)} ms (${ms(fit.ms.min)} to ${ms(fit.ms.max)}), ${fit.evaluations} likelihood evaluations${isPostgres ? `; ≤ ${FIT_TARGET_MS} ms: ${verdict(fit.ms.median <= FIT_TARGET_MS)}` : ''}`,
  );

  const { anchors } = run;
  lines.push(
    `   anchors on the same ranges (${anchors.currencyCode}, ${anchors.timeZone}); DuckDB copy ${anchors.copy.orders.toLocaleString('en-US')} orders + ${anchors.copy.lines.toLocaleString('en-US')} lines in ${anchors.copy.seconds.toFixed(1)} s (not counted):`,
  );
  lines.push(
    `   ${pad('query', 34)}${left('project view', 14)}${left('floor SQL', 11)}${left('DuckDB', 9)}   agreement (project = floor; DuckDB = floor)`,
  );
  for (const kind of ['cohorts', 'rfm', 'crossSelling'] as const) {
    const view = ANCHORED_VIEWS[kind];
    const project = run.views.byKind[view]?.p50 ?? NaN;
    const floor = spread(anchors.floor[kind]).median;
    const duck = spread(anchors.duckdb[kind]).median;
    const agreement = [anchors.projectAgreement[kind], anchors.duckdbAgreement[kind]]
      .map((difference) => difference ?? 'same')
      .join('; ');
    lines.push(
      `   ${pad(`${kind} (p50 ms)`, 34)}${left(ms(project), 14)}${left(ms(floor), 11)}${left(ms(duck), 9)}   ${agreement}`,
    );
  }
  return lines.join('\n');
};
