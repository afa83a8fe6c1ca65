import { stringify } from 'csv-stringify/sync';
import { minorDigitsOf } from '@atelier/contract/common/money';
import { and, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ListStoreCustomersQuerySchema,
  type CustomerSort,
  type ListStoreCustomersQuery,
  type StoreCustomer,
  type StoreCustomerPage,
  type StoreCustomerSummary,
} from '@atelier/contract/sales/customer';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { decodeCursor, encodeCursor, invalidCursorError } from '@/lib/cursor';
import type { PostalAddress } from '@atelier/contract/sales/order';
import { salesCustomers, type SalesCustomerRow } from './sales.table';

/** A customer as a channel (a Shopify sync or webhook) gives it. */
export type ChannelCustomerInput = {
  channel: string;
  externalId: string;
  /** Lower-cased. */
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  defaultAddress: PostalAddress | null;
  acceptsMarketing: boolean;
  marketingConsentAt: Date | null;
  marketingConsentSource: string | null;
  tags: string[];
};

/** JSON with object keys sorted: jsonb gives an address's keys back in its own order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item) && !(item instanceof Date)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : item,
  );

/**
 * Where a customer without orders stands in the last-order sort: after every customer with one
 * (the Unix epoch; an order history reaches no further back).
 */
const NO_ORDER_YET = new Date(0);

/** The value each sort orders by (descending, then id descending). */
const SORT_KEYS: Record<CustomerSort, SQL> = {
  LAST_ORDER: sql`coalesce(${salesCustomers.lastOrderAt}, ${NO_ORDER_YET.toISOString()}::timestamptz)`,
  TOTAL_SPENT: sql`${salesCustomers.totalSpent}`,
};
const sortValueOf = (row: SalesCustomerRow, sort: CustomerSort): string | number =>
  sort === 'TOTAL_SPENT' ? row.totalSpent : (row.lastOrderAt ?? NO_ORDER_YET).toISOString();

const EXPORT_PAGE = 1_000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

const searchCondition = (search: string | undefined): SQL | undefined => {
  const text = search?.trim();
  if (!text) return undefined;
  const prefix = `${escapeLike(text.toLowerCase())}%`;
  return or(
    sql`${salesCustomers.email} like ${prefix}`,
    ilike(salesCustomers.firstName, prefix),
    ilike(salesCustomers.lastName, prefix),
    eq(salesCustomers.externalId, text),
  );
};

const toSummary = (row: SalesCustomerRow): StoreCustomerSummary => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  phone: row.phone,
  externalId: row.externalId,
  countryCode: row.defaultAddress?.countryCode ?? null,
  acceptsMarketing: row.acceptsMarketing,
  orderCount: row.orderCount,
  totalSpent: row.currencyCode ? { amount: row.totalSpent, currencyCode: row.currencyCode } : null,
  firstOrderAt: row.firstOrderAt?.toISOString() ?? null,
  lastOrderAt: row.lastOrderAt?.toISOString() ?? null,
  tags: row.tags,
  createdAt: row.createdAt.toISOString(),
});

/** The CSV columns of the customers export. */
const EXPORT_HEADER = [
  'email',
  'first_name',
  'last_name',
  'phone',
  'country',
  'accepts_marketing',
  'marketing_consent_at',
  'orders',
  'total_spent',
  'currency',
  'first_order_at',
  'last_order_at',
  'tags',
  'external_id',
];

/**
 * Issue 11 customers of a store: list (search, sort, keyset pages, total), detail and CSV
 * export. Every read is filtered by the caller's store.
 */
export const createCustomerService = ({
  db,
  clock,
  events,
}: {
  db: Database;
  clock: Clock;
  events: EventBus;
}) => {
  /** One keyset page of the store's customers in `sort` order. */
  const page = async (
    storeId: string,
    {
      search,
      sort,
      cursor,
      limit,
    }: {
      search?: string | undefined;
      sort: CustomerSort;
      cursor?: string | undefined;
      limit: number;
    },
  ) => {
    const position = cursor ? decodeCursor(cursor, sort) : undefined;
    const key = SORT_KEYS[sort];
    let after: SQL | undefined;
    if (position) {
      const value =
        sort === 'TOTAL_SPENT' ? Number(position.value) : new Date(String(position.value));
      if (value instanceof Date ? Number.isNaN(value.getTime()) : !Number.isSafeInteger(value)) {
        throw invalidCursorError();
      }
      const bound =
        value instanceof Date ? sql`${value.toISOString()}::timestamptz` : sql`${value}`;
      after = or(
        sql`${key} < ${bound}`,
        and(sql`${key} = ${bound}`, lt(salesCustomers.id, position.id)),
      );
    }
    const rows = await db
      .select()
      .from(salesCustomers)
      .where(and(eq(salesCustomers.storeId, storeId), searchCondition(search), after))
      .orderBy(sql`${key} desc`, sql`${salesCustomers.id} desc`)
      .limit(limit + 1);
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return {
      items,
      nextCursor:
        rows.length > limit && last
          ? encodeCursor({ sort, value: sortValueOf(last, sort), id: last.id })
          : null,
    };
  };

  /**
   * A channel's customer into the store (issue 11 sync and webhooks), in one transaction: found
   * by its channel id, else by e-mail (a customer of an import or an order, then linked to the
   * channel), else created. Only what differs is written, so a re-sync changes nothing; the order
   * figures stay with the orders. An e-mail another customer of the store has is not taken over
   * (`isEmailTaken`). Publishes `sales.customer.created` or `.updated`.
   */
  const upsertChannelCustomer = async (
    storeId: string,
    input: ChannelCustomerInput,
  ): Promise<{ id: string; outcome: 'created' | 'updated' | 'unchanged'; isEmailTaken: boolean }> =>
    db.transaction(async (tx) => {
      const [byChannel] = await tx
        .select()
        .from(salesCustomers)
        .where(
          and(
            eq(salesCustomers.storeId, storeId),
            eq(salesCustomers.channel, input.channel),
            eq(salesCustomers.externalId, input.externalId),
          ),
        )
        .for('update');
      const [byEmail] = input.email
        ? await tx
            .select()
            .from(salesCustomers)
            .where(and(eq(salesCustomers.storeId, storeId), eq(salesCustomers.email, input.email)))
            .for('update')
        : [];
      const row = byChannel ?? (byEmail && byEmail.externalId === null ? byEmail : undefined);
      const isEmailTaken = Boolean(byEmail && byEmail.id !== row?.id);
      const fields = {
        email: isEmailTaken ? (row?.email ?? null) : input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        defaultAddress: input.defaultAddress,
        acceptsMarketing: input.acceptsMarketing,
        marketingConsentAt: input.marketingConsentAt,
        marketingConsentSource: input.marketingConsentSource,
        tags: input.tags,
        channel: input.channel,
        externalId: input.externalId,
      };
      if (!row) {
        const id = newId('cus');
        await tx.insert(salesCustomers).values({ id, storeId, ...fields });
        await events.publish(tx, 'sales.customer.created', {
          aggregateId: id,
          storeId,
          payload: { storeId, customerId: id },
        });
        return { id, outcome: 'created' as const, isEmailTaken };
      }
      const stored = Object.fromEntries(
        Object.keys(fields).map((key) => [key, row[key as keyof typeof fields]]),
      );
      if (canonical(stored) === canonical(fields)) {
        return { id: row.id, outcome: 'unchanged' as const, isEmailTaken };
      }
      await tx
        .update(salesCustomers)
        .set({ ...fields, updatedAt: clock.now() })
        .where(eq(salesCustomers.id, row.id));
      await events.publish(tx, 'sales.customer.updated', {
        aggregateId: row.id,
        storeId,
        payload: { storeId, customerId: row.id },
      });
      return { id: row.id, outcome: 'updated' as const, isEmailTaken };
    });

  return {
    upsertChannelCustomer,

    /** The store's customers (search by e-mail or name start, or channel id). 400 `invalid_cursor`. */
    async listCustomers(actor: Actor, query: ListStoreCustomersQuery): Promise<StoreCustomerPage> {
      const { search, sort, cursor, limit } = ListStoreCustomersQuerySchema.parse(query);
      const [result, [count]] = await Promise.all([
        page(actor.storeId, { search, sort, cursor, limit }),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(salesCustomers)
          .where(and(eq(salesCustomers.storeId, actor.storeId), searchCondition(search))),
      ]);
      return {
        items: result.items.map(toSummary),
        nextCursor: result.nextCursor,
        total: count!.total,
      };
    },

    /** One customer of the store. 404 `customer_not_found`. */
    async getCustomer(actor: Actor, id: string): Promise<StoreCustomer> {
      const [row] = await db
        .select()
        .from(salesCustomers)
        .where(and(eq(salesCustomers.id, id), eq(salesCustomers.storeId, actor.storeId)));
      if (!row) {
        throw new AppError('not_found', 'There is no such customer in this store.', {
          reason: 'customer_not_found',
        });
      }
      return {
        ...toSummary(row),
        defaultAddress: row.defaultAddress,
        marketingConsentAt: row.marketingConsentAt?.toISOString() ?? null,
        marketingConsentSource: row.marketingConsentSource,
      };
    },

    /** The customers matching the search, as CSV text, page by page (memory stays flat). */
    async *exportCustomers(
      actor: Actor,
      query: { search?: string | undefined; sort?: CustomerSort | undefined },
    ): AsyncGenerator<string> {
      const { search, sort } = ListStoreCustomersQuerySchema.parse(query);
      yield `\uFEFF${stringify([EXPORT_HEADER])}`;
      let cursor: string | undefined;
      do {
        const result = await page(actor.storeId, { search, sort, cursor, limit: EXPORT_PAGE });
        yield stringify(
          result.items.map((row) => [
            row.email ?? '',
            row.firstName ?? '',
            row.lastName ?? '',
            row.phone ?? '',
            row.defaultAddress?.countryCode ?? '',
            row.acceptsMarketing ? 'yes' : 'no',
            row.marketingConsentAt?.toISOString() ?? '',
            String(row.orderCount),
            row.currencyCode
              ? (row.totalSpent / 10 ** minorDigitsOf(row.currencyCode)).toFixed(
                  minorDigitsOf(row.currencyCode),
                )
              : '',
            row.currencyCode ?? '',
            row.firstOrderAt?.toISOString() ?? '',
            row.lastOrderAt?.toISOString() ?? '',
            row.tags.join(', '),
            row.externalId ?? '',
          ]),
        );
        cursor = result.nextCursor ?? undefined;
      } while (cursor);
    },
  };
};
export type CustomerService = ReturnType<typeof createCustomerService>;
