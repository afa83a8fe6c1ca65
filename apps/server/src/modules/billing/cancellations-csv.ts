import { stringify } from 'csv-stringify/sync';
import { asc, eq } from 'drizzle-orm';
import {
  BOOK_A_CALL_CHOICES,
  CANCELLATION_RATINGS,
  CANCELLATION_REASONS,
  OFFER_CHOICES,
  SAMPLES_NOT_ORDERED_REASONS,
  type CancellationAnswers,
  type CancellationOutcome,
} from '@atelier/contract/billing/cancellation';
import type { Database } from '@/db/client';
import { stores } from '@/db/schema';
import { billingCancellationAnswers } from './billing.table';

export type CancellationAnswerRow = {
  createdAt: Date;
  storeId: string;
  storeTitle: string | null;
  subscriptionId: string;
  userId: string;
  outcome: CancellationOutcome;
  answers: CancellationAnswers;
};

export const CANCELLATIONS_CSV_HEADER = [
  'created_at',
  'store_id',
  'store_title',
  'subscription_id',
  'user_id',
  'outcome',
  'reason',
  'rating',
  'book_a_call',
  'samples_not_ordered',
  'offer',
  'suggestions',
] as const;

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
const safe = (value: string | null | undefined): string =>
  value === null || value === undefined ? '' : FORMULA_START.test(value) ? `'${value}` : value;

/**
 * Issue 13, spec §4: the questionnaire's answers as CSV for the platform team — a header and one
 * row per stored answer, oldest first; choices as the questionnaire words them ("Low funds"),
 * steps the store did not reach empty. Quoting by csv-stringify (commas, quotes, new lines).
 */
export const cancellationAnswersCsv = (rows: readonly CancellationAnswerRow[]): string =>
  stringify(
    rows.map((row) => {
      const { answers } = row;
      return [
        row.createdAt.toISOString(),
        row.storeId,
        safe(row.storeTitle),
        row.subscriptionId,
        row.userId,
        row.outcome,
        CANCELLATION_REASONS[answers.reason],
        answers.rating ? CANCELLATION_RATINGS[answers.rating] : '',
        answers.bookACall ? BOOK_A_CALL_CHOICES[answers.bookACall] : '',
        answers.samplesNotOrdered ? SAMPLES_NOT_ORDERED_REASONS[answers.samplesNotOrdered] : '',
        answers.offer ? OFFER_CHOICES[answers.offer] : '',
        safe(answers.suggestions),
      ];
    }),
    { header: true, columns: [...CANCELLATIONS_CSV_HEADER], record_delimiter: 'unix' },
  );

/** Every stored answer of every store, oldest first (the platform team's view, not a store's). */
export const listCancellationAnswers = async (db: Database): Promise<CancellationAnswerRow[]> =>
  db
    .select({
      createdAt: billingCancellationAnswers.createdAt,
      storeId: billingCancellationAnswers.storeId,
      storeTitle: stores.title,
      subscriptionId: billingCancellationAnswers.subscriptionId,
      userId: billingCancellationAnswers.userId,
      outcome: billingCancellationAnswers.outcome,
      answers: billingCancellationAnswers.answers,
    })
    .from(billingCancellationAnswers)
    .leftJoin(stores, eq(stores.id, billingCancellationAnswers.storeId))
    .orderBy(asc(billingCancellationAnswers.createdAt), asc(billingCancellationAnswers.id));
