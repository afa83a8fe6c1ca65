import { it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { stores, teamMembers } from '@/db/schema';
import { createTestApp } from '@/testing/test-app';

it('probe', async () => {
  const context = await createTestApp();
  const db = context.connection.db;
  const tryIt = async (label: string, fn: () => Promise<unknown>) => {
    try { await fn(); console.log(label, 'ok'); } catch (e) { const x = e as any; console.log(label, x.constructor.name, x.code, '|', x.cause?.constructor?.name, x.cause?.code, x.cause?.constraint, x.cause?.message); }
  };
  await tryIt('text nul', () => db.select().from(teamMembers).where(eq(teamMembers.id, 'a\u0000')));
  await tryIt('jsonb nul', () => db.update(stores).set({ externalFields: [{ name: 'a', value: 'b\u0000' }] }).where(eq(stores.id, 'x')));
  await tryIt('int overflow', () => db.execute(sql`select ${'99999999999999'}::int`));
  await context.close();
});
