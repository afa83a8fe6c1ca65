import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueViolationConstraint } from '@/lib/db-errors';
import { openPglite, queryRows, type DatabaseConnection } from './client';

// PGlite on its own thread, as `npm start` opens it: a folder of its own, whatever DATABASE_URL
// says (the PostgreSQL run covers the same calls through node-postgres elsewhere).

const dir = mkdtempSync(path.join(tmpdir(), 'atelier-pglite-thread-'));
let connection: DatabaseConnection;

beforeAll(async () => {
  connection = await openPglite(dir);
  await connection.db.execute(
    sql`create table note (id int primary key, body text not null, at timestamptz default now())`,
  );
}, 60_000);

afterAll(async () => {
  await connection.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = async (db = connection.db) =>
  (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from note`))[0]!.n;

describe('PGlite on its own thread', () => {
  it('answers statements with their parameters, timestamps as text as Drizzle asks', async () => {
    await connection.db.execute(sql`insert into note (id, body) values (${1}, ${'first'})`);
    const rows = await queryRows<{ id: number; body: string; at: unknown }>(
      connection.db,
      sql`select id, body, at from note where id = ${1}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, body: 'first' });
    expect(typeof rows[0]!.at).toBe('string');
  });

  it('keeps a database error’s SQLSTATE and constraint', async () => {
    const error = await connection.db
      .execute(sql`insert into note (id, body) values (${1}, ${'again'})`)
      .catch((caught: unknown) => caught);
    expect(uniqueViolationConstraint(error)).toBe('note_pkey');
  });

  it('commits a transaction whose callback resolves; a statement outside waits for it', async () => {
    let outsideDone = false;
    let countedOutside: Promise<number> | undefined;
    await connection.db.transaction(async (tx) => {
      await tx.execute(sql`insert into note (id, body) values (${2}, ${'in a transaction'})`);
      countedOutside = count().then((n) => {
        outsideDone = true;
        return n;
      });
      await sleep(50);
      expect(outsideDone).toBe(false);
    });
    expect(await countedOutside).toBe(2);
  });

  it('rolls a transaction back when its callback throws, and the error is the callback’s', async () => {
    const error = await connection.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into note (id, body) values (${3}, ${'rolled back'})`);
        throw new Error('changed my mind');
      })
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('changed my mind');
    expect(await count()).toBe(2);
  });

  it('delivers NOTIFY to a listener until it stops listening', async () => {
    const payloads: string[] = [];
    const unlisten = await connection.pglite!.listen('atelier_test', (payload) => {
      payloads.push(payload);
    });
    await connection.db.execute(sql`select pg_notify('atelier_test', 'one')`);
    await expect.poll(() => payloads).toEqual(['one']);
    await unlisten();
    await connection.db.execute(sql`select pg_notify('atelier_test', 'two')`);
    await sleep(100);
    expect(payloads).toEqual(['one']);
  });

  it('answers a repeated statement right each time, and again after its table changed', async () => {
    const select = (id: number) =>
      queryRows<Record<string, unknown>>(connection.db, sql`select * from note where id = ${id}`);
    for (let round = 0; round < 8; round += 1) {
      expect(await select(round % 2 === 0 ? 1 : 2)).toHaveLength(1);
      expect(await select(99)).toEqual([]);
    }
    // The prepared plan's row type no longer fits: prepared again, not an error.
    await connection.db.execute(sql`alter table note add column tag text default 'plain'`);
    const [row] = await select(1);
    expect(row).toMatchObject({ id: 1, body: 'first', tag: 'plain' });
  });

  it('leaves this thread free while a long statement runs', async () => {
    let finished = false;
    const long = connection.db
      .execute(sql`select count(*) from generate_series(1, 5000000)`)
      .then(() => {
        finished = true;
      });
    // On the same thread the timer could only fire after the statement, which would be done.
    await sleep(20);
    expect(finished).toBe(false);
    await long;
    expect(finished).toBe(true);
  });

  it('keeps what was written after close and reopen; close twice is harmless', async () => {
    await connection.close();
    await connection.close();
    connection = await openPglite(dir);
    expect(await count()).toBe(2);
  }, 60_000);
});
