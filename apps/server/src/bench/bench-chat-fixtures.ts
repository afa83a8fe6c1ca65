import { asc } from 'drizzle-orm';
import { conversationName } from '@atelier/contract/chat/message';
import type { Database } from '@/db/client';
import {
  catalogCompanies,
  conversations,
  sessions,
  stores,
  supplierMembers,
  teamMembers,
  users,
} from '@/db/schema';
import { newId } from '@/lib/ids';
import { DEFAULT_FEATURE_FLAGS } from '@/modules/identity/current-user';
import type { BenchPair } from './bench-chat-ipc';
import { hashToken, newToken } from '@/lib/tokens';

const CHUNK = 250;
const SESSION_LIFETIME_MS = 24 * 3600 * 1000;
// Never a valid argon2 hash: these accounts cannot log in, they only hold bench sessions.
const NO_PASSWORD = '!bench-account-without-password';

const insertChunked = async <T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) => {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await insert(rows.slice(start, start + CHUNK));
  }
};

/** The first `count` catalog companies, adding plain bench factories when the seed has fewer. */
const pickCompanies = async (db: Database, count: number, runId: string) => {
  const existing = await db
    .select({ id: catalogCompanies.id })
    .from(catalogCompanies)
    .orderBy(asc(catalogCompanies.id))
    .limit(count);
  const created = Array.from({ length: count - existing.length }, (_, i) => {
    const name = `Bench Factory ${runId} ${i + 1}`;
    return {
      id: newId('cmp'),
      name,
      description: `${name} makes garments.`,
      countryCode: 'CN',
      regionCode: 'AS',
      offerings: ['PRODUCT' as const],
      capabilities: ['Cut and sew'],
      categoryIds: [],
      productionTimeDays: 30,
      orderVolume: 100,
      orderCount: 10,
      rank: 0,
      enabledAt: new Date(),
      source: 'demo' as const,
      fieldSources: { name: 'demo' as const },
      searchText: name,
    };
  });
  await insertChunked(created, (chunk) => db.insert(catalogCompanies).values(chunk));
  return {
    companyIds: [...existing.map((row) => row.id), ...created.map((row) => row.id)],
    companiesCreated: created.length,
  };
};

/**
 * Creates `count` creator–supplier pairs straight in the tables, as registration and an accepted
 * supplier invitation would leave them (user, store and owner membership; user and active
 * supplier membership), one open session per party with a known token, and one conversation per
 * pair. Bypasses the HTTP register endpoint so 2,000 accounts do not hash 2,000 passwords.
 */
export const seedChatPairs = async (db: Database, count: number) => {
  const runId = Date.now().toString(36);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  const sessionTimes = {
    tokenIssuedAt: now,
    lastSeenAt: now,
    idleExpiresAt: expiresAt,
    expiresAt,
    clientAddress: '127.0.0.1',
    userAgent: 'bench:chat',
    createdAt: now,
    updatedAt: now,
  };
  const { companyIds, companiesCreated } = await pickCompanies(db, count, runId);

  const rows = companyIds.map((companyId, i) => {
    const storeEmail = `bench-creator-${runId}-${i}@example.com`;
    const supplierEmail = `bench-supplier-${runId}-${i}@example.com`;
    const storeUser = {
      id: newId('usr'),
      email: storeEmail,
      passwordHash: NO_PASSWORD,
      name: `Bench Creator ${i}`,
      username: `bench_c_${runId}_${i}`,
    };
    const supplierUser = {
      id: newId('usr'),
      email: supplierEmail,
      passwordHash: NO_PASSWORD,
      name: `Bench Supplier ${i}`,
      username: `bench_s_${runId}_${i}`,
    };
    const storeId = newId('sto');
    const storeToken = newToken();
    const supplierToken = newToken();
    return {
      pair: { conversationId: newId('cnv'), storeId, companyId, storeToken, supplierToken },
      storeUser,
      supplierUser,
      store: {
        id: storeId,
        ownerUserId: storeUser.id,
        title: `Bench Store ${i}`,
        email: storeEmail,
        planType: 'TIER_1' as const,
        accountType: 'CREATOR' as const,
        usageStyle: 'USE_THE_TOOLS_MYSELF' as const,
        featureFlags: DEFAULT_FEATURE_FLAGS,
      },
      teamMember: {
        id: newId('tm'),
        storeId,
        email: storeEmail,
        userId: storeUser.id,
        role: 'OWNER' as const,
        status: 'ACCEPTED' as const,
        acceptedAt: now,
      },
      supplierMember: {
        id: newId('spm'),
        companyId,
        userId: supplierUser.id,
        email: supplierEmail,
        status: 'ACTIVE' as const,
        acceptedAt: now,
      },
      sessions: [
        {
          id: newId('ses'),
          userId: storeUser.id,
          storeId,
          companyId: null,
          tokenHash: hashToken(storeToken),
          ...sessionTimes,
        },
        {
          id: newId('ses'),
          userId: supplierUser.id,
          storeId: null,
          companyId,
          tokenHash: hashToken(supplierToken),
          ...sessionTimes,
        },
      ],
    };
  });

  await db.transaction(async (tx) => {
    await insertChunked(
      rows.flatMap((row) => [row.storeUser, row.supplierUser]),
      (chunk) => tx.insert(users).values(chunk),
    );
    await insertChunked(
      rows.map((row) => row.store),
      (chunk) => tx.insert(stores).values(chunk),
    );
    await insertChunked(
      rows.map((row) => row.teamMember),
      (chunk) => tx.insert(teamMembers).values(chunk),
    );
    await insertChunked(
      rows.map((row) => row.supplierMember),
      (chunk) => tx.insert(supplierMembers).values(chunk),
    );
    await insertChunked(
      rows.flatMap((row) => row.sessions),
      (chunk) => tx.insert(sessions).values(chunk),
    );
    await insertChunked(
      rows.map(({ pair }) => ({
        id: pair.conversationId,
        name: conversationName(pair.storeId, pair.companyId),
        storeId: pair.storeId,
        companyId: pair.companyId,
      })),
      (chunk) => tx.insert(conversations).values(chunk),
    );
  });
  return { pairs: rows.map((row): BenchPair => row.pair), companiesCreated };
};
