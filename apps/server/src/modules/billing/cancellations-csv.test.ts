import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@/db/client';
import { billingCancellationAnswers } from '@/db/schema';
import { newId } from '@/lib/ids';
import { createTestDatabase } from '@/testing/test-database';
import {
  CANCELLATIONS_CSV_HEADER,
  cancellationAnswersCsv,
  listCancellationAnswers,
} from './cancellations-csv';

let connection: DatabaseConnection;
beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(async () => connection.close());

describe('cancellation answers CSV', () => {
  it('is only the header when nobody answered', () => {
    expect(cancellationAnswersCsv([])).toBe(`${CANCELLATIONS_CSV_HEADER.join(',')}\n`);
  });

  it('has one row per stored answer, oldest first, in the questionnaire words, safely quoted', async () => {
    const base = {
      storeId: newId('sto'),
      subscriptionId: newId('sub'),
      userId: newId('usr'),
    };
    await connection.db.insert(billingCancellationAnswers).values([
      {
        ...base,
        id: newId('bca'),
        answers: {
          reason: 'SUPPLIER_DID_NOT_REPLY',
          rating: 'R10',
          bookACall: 'NO',
          samplesNotOrdered: 'TOO_MUCH_WORK',
          offer: 'NO',
          suggestions: 'Faster "replies", please,\nand =cheaper samples',
        },
        outcome: 'CANCELED',
        createdAt: new Date('2026-11-02T10:00:00.000Z'),
      },
      {
        ...base,
        id: newId('bca'),
        answers: {
          reason: 'NEED_HELP',
          rating: 'R0_3',
          bookACall: 'YES',
          samplesNotOrdered: null,
          offer: null,
          suggestions: '=HYPERLINK("http://evil.example")',
        },
        outcome: 'BOOK_A_CALL',
        createdAt: new Date('2026-11-01T10:00:00.000Z'),
      },
    ]);
    const csv = cancellationAnswersCsv(await listCancellationAnswers(connection.db));
    const [header, ...rows]: string[][] = parse(csv);
    expect(header).toEqual([...CANCELLATIONS_CSV_HEADER]);
    expect(rows).toHaveLength(2);
    const byColumn = rows.map((row) =>
      Object.fromEntries(header!.map((name, index) => [name, row[index]])),
    );
    expect(byColumn[0]).toMatchObject({
      created_at: '2026-11-01T10:00:00.000Z',
      outcome: 'BOOK_A_CALL',
      reason: 'Need help',
      rating: '0-3',
      book_a_call: 'Yes',
      samples_not_ordered: '',
      offer: '',
      suggestions: `'=HYPERLINK("http://evil.example")`,
    });
    expect(byColumn[1]).toMatchObject({
      store_id: base.storeId,
      subscription_id: base.subscriptionId,
      user_id: base.userId,
      reason: "Supplier didn't reply",
      rating: '10',
      samples_not_ordered: 'Too much work',
      suggestions: 'Faster "replies", please,\nand =cheaper samples',
    });
  });
});
