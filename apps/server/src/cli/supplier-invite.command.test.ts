import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@/db/client';
import { createManualClock } from '@/lib/clock';
import { createCatalogFactories } from '@/testing/catalog-factories';
import { createTestDatabase } from '@/testing/test-database';
import { runSupplierInvite } from './supplier-invite.command';

let connection: DatabaseConnection;
let companyId: string;
const clock = createManualClock();

beforeAll(async () => {
  connection = await createTestDatabase();
  companyId = (await createCatalogFactories(connection.db).aSupplier({ name: 'Loom & Co' })).id;
});
afterAll(async () => {
  await connection.close();
});

const run = (...args: string[]) =>
  runSupplierInvite(args, { db: connection.db, clock, publicUrl: 'https://atelier.example/' });

describe('npm run supplier:invite', () => {
  it('prints the invitation link for a known company', async () => {
    const result = await run(companyId, 'Sam@Loom.example');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('Invited sam@loom.example to Loom & Co');
    expect(result.stdout).toMatch(
      /https:\/\/atelier\.example\/partner\/accept-invite\?token=[A-Za-z0-9_-]{43}\n$/,
    );
  });

  it('gives a new token when inviting again', async () => {
    const first = await run(companyId, 'twice@loom.example');
    const second = await run(companyId, 'twice@loom.example');
    expect(second.exitCode).toBe(0);
    expect(second.stdout).not.toBe(first.stdout);
  });

  it('fails with exit 1 and a clear message for an unknown company', async () => {
    const result = await run('cmp_unknown', 'sam@loom.example');
    expect(result).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'No supplier company with id cmp_unknown.\n',
    });
  });

  it('refuses bad usage with exit 2', async () => {
    expect((await run(companyId)).exitCode).toBe(2);
    expect((await run(companyId, 'not-an-email')).exitCode).toBe(2);
  });
});
