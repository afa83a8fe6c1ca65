import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { AnalyticsViewResult } from '@atelier/contract/analytics/views';
import { pgliteDir } from '@/db/open';
import { rfmSegmentOf } from '@/modules/analytics/views/customers-rfm-views';
import { exitOf, forkBenchChild, nextMessage } from '../import/bench-child';
import type { BenchDatabase } from '../import/bench-database';
import type { AnchorAnswers, AnchorCommand, AnchorResult } from './analytics-anchor-child';
import { distinctRanges } from './analytics-requests';

/** The project's answers of the first range for the three anchored views. */
export type ProjectAnswers = {
  cohorts: AnalyticsViewResult;
  rfm: AnalyticsViewResult;
  crossSelling: AnalyticsViewResult;
};

/** Whether two answers agree, per anchored view, with the first difference found. */
export type Agreement = Record<'cohorts' | 'rfm' | 'crossSelling', string | null>;

export type AnchorRun = AnchorResult & {
  /** The project against the floor, and DuckDB against the floor. */
  projectAgreement: Agreement;
  duckdbAgreement: Agreement;
};

/** One statement on the bench database with the bare driver (the server not running). */
const queryBare = async <T>(database: BenchDatabase, text: string): Promise<T[]> => {
  if (database.engine === 'postgres') {
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(pgliteDir(database.dataDir), { extensions: { pg_trgm } });
  try {
    return (await db.query<T>(text)).rows;
  } finally {
    await db.close();
  }
};

/** The store of the bench database: the one with the most orders (the bench registers one). */
export const findStoreOf = async (database: BenchDatabase): Promise<{ storeId: string }> => {
  const [row] = await queryBare<{ store_id: string }>(
    database,
    `select store_id from sales_orders group by 1 order by count(*) desc limit 1`,
  );
  return { storeId: row!.store_id };
};

/**
 * Forgets every fitted predictive model (a reused database keeps an earlier run's fits): every
 * fit of this run is computed, none read back.
 */
export const forgetModelFits = (database: BenchDatabase) =>
  queryBare(database, `delete from analytics_model_fits`);

const tableRows = (result: AnalyticsViewResult, key: string) =>
  result.tables.find((table) => table.key === key)?.rows ?? [];

/** The first row where two lists differ, described; null when they are equal. */
const firstDifference = <T>(label: string, actual: T[], expected: T[]): string | null => {
  const key = (value: T) => JSON.stringify(value);
  for (let index = 0; index < Math.max(actual.length, expected.length); index += 1) {
    if (actual[index] === undefined || expected[index] === undefined) {
      return `${label}: ${actual.length} rows against ${expected.length}`;
    }
    if (key(actual[index]!) !== key(expected[index]!)) {
      return `${label} row ${index}: ${key(actual[index]!)} against ${key(expected[index]!)}`;
    }
  }
  return null;
};

const cohortCells = (answers: AnchorAnswers) =>
  answers.cohorts
    .map((cell) => [cell.cohort, cell.monthsSince, cell.customers, cell.revenue])
    .sort();

const segmentCounts = (answers: AnchorAnswers) => {
  const counts = new Map<string, number>();
  for (const score of answers.rfm) {
    const segment = rfmSegmentOf(score.r, score.f);
    counts.set(segment, (counts.get(segment) ?? 0) + 1);
  }
  return [...counts].sort();
};

const pairs = (answers: AnchorAnswers) => answers.pairs.map((pair) => [pair.a, pair.b, pair.both]);

/** The project's answers in the anchors' terms (cells with purchases, segment sizes, pairs). */
const projectAsAnswers = (project: ProjectAnswers) => ({
  cohorts: tableRows(project.cohorts, 'cohorts')
    .filter((row) => Number(row.customers) > 0)
    .map((row) => [row.cohort, row.monthsSince, row.customers, Math.round(Number(row.revenue))])
    .sort(),
  segments: tableRows(project.rfm, 'segments')
    .map((row) => [row.segment, row.customers] as [string, number])
    .sort(),
  pairs: tableRows(project.crossSelling, 'pairs').map((row) => [
    row.productA,
    row.productB,
    row.orders,
  ]),
});

/**
 * Runs the anchors (analytics-anchor-child.ts) in their own process on the bench database, over
 * the same ranges as the project's views, and checks the answers of the first range: the
 * project's against the floor's, DuckDB's against the floor's.
 */
export const runAnchors = async (
  database: BenchDatabase,
  storeId: string,
  lastDay: string,
  perView: number,
  project: ProjectAnswers,
): Promise<AnchorRun> => {
  const child = forkBenchChild('../analytics/analytics-anchor-child.ts');
  let result: AnchorResult;
  try {
    child.send({
      type: 'run',
      engine: database.engine,
      databaseUrl: database.databaseUrl,
      pgliteDir: pgliteDir(database.dataDir),
      storeId,
      ranges: distinctRanges(lastDay, perView).map(({ from, to }) => ({ from, to })),
    } satisfies AnchorCommand);
    result = await nextMessage<AnchorResult>(child);
  } finally {
    await exitOf(child);
  }
  const ours = projectAsAnswers(project);
  const agreementWith = (answers: AnchorAnswers, against: AnchorAnswers): Agreement => ({
    cohorts: firstDifference('cohort cells', cohortCells(answers), cohortCells(against)),
    rfm: firstDifference('RFM segments', segmentCounts(answers), segmentCounts(against)),
    crossSelling: firstDifference('pairs', pairs(answers), pairs(against)),
  });
  return {
    ...result,
    projectAgreement: {
      cohorts: firstDifference('cohort cells', ours.cohorts, cohortCells(result.floorAnswers)),
      rfm: firstDifference('RFM segments', ours.segments, segmentCounts(result.floorAnswers)),
      crossSelling: firstDifference('pairs', ours.pairs, pairs(result.floorAnswers)),
    },
    duckdbAgreement: agreementWith(result.duckdbAnswers, result.floorAnswers),
  };
};
