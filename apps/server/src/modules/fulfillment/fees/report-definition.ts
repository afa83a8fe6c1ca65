import type { Database } from '@/db/client';

/** The period a report covers: whole days `from`..`to` (center time) and their instants. */
export type ReportPeriod = { from: string; to: string; start: Date; end: Date };

/**
 * One report a store can run (spec §7 financial-export-job; issue 15 outbound and returns
 * reports): its CSV columns and its rows, batch by batch, with the total to show progress.
 * Add a kind to FULFILLMENT_REPORTS in the contract and its definition to `reports` below.
 */
export type ReportDefinition = {
  /** The file name's stem: `<stem>-<from>-to-<to>.csv`. */
  fileStem: string;
  columns: readonly string[];
  /** How many rows there will be (for the progress bar). */
  count(db: Database, storeId: string, period: ReportPeriod): Promise<number>;
  /** The rows, in batches, only of `storeId`. */
  batches(db: Database, storeId: string, period: ReportPeriod): AsyncGenerator<unknown[][]>;
};
