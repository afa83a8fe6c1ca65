import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AttachPaymentMethodBodySchema,
  PaymentMethod,
} from '@atelier/contract/billing/billing-api';
import type { Database } from '@/db/client';
import { AppError } from '@/lib/app-error';
import { newId } from '@/lib/ids';
import { findCardProblem, findTestCard, toCardDigits, type PaymentMethodInput } from '../orders';
import type { BillingCustomers } from './billing-customers';
import type { BillingGateway } from './billing-gateway';
import type { BillingClock, Db, PaymentMethodsService } from './billing.services';
import { billingAccounts, billingPaymentMethods, billingSubscriptions } from './billing.table';

type AttachBody = z.infer<typeof AttachPaymentMethodBodySchema>;
type Row = typeof billingPaymentMethods.$inferSelect;

const LOCAL_PREFIX = 'pm_local_';

const toPaymentMethod = (row: Row): PaymentMethod => ({
  id: row.id,
  provider: row.provider,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
});

const notFound = () =>
  new AppError('not_found', 'No such payment method in this store.', {
    reason: 'payment_method_not_found',
  });

/** The card field a `findCardProblem` message is about (the number unless it names another). */
const CARD_PROBLEM_FIELDS: Record<string, string> = {
  'The card has expired.': 'body.paymentMethod.expMonth',
  'The expiry month is not valid.': 'body.paymentMethod.expMonth',
  'The expiry year is not valid.': 'body.paymentMethod.expYear',
  'The security code (CVC) is not valid.': 'body.paymentMethod.cvc',
};

/** 400 `reason` with the message at `field` (the card number unless told). */
const cardRefused = (message: string, reason: string, field = 'body.paymentMethod.number') =>
  new AppError('bad_request', message, { reason, details: [{ field, message }] });

/**
 * Issue 13 saved cards (spec §7 payment methods attach, list, detach, default). Every query is
 * the store's own; another store's id answers 404 `payment_method_not_found`. The local gateway
 * saves only its test cards (`pm_local_<digits>`). With Stripe, the `pm_…` from Stripe.js is
 * attached to the store's Stripe Customer (created the first time) and its brand, last 4 and
 * expiry are read back from Stripe; the default card and a removal are made at Stripe too.
 */
export const createPaymentMethodsService = ({
  db,
  clock,
  gateway,
  customers,
}: {
  db: Database;
  clock: BillingClock;
  gateway: Pick<BillingGateway, 'name' | 'attachCard' | 'setDefaultCard' | 'detachCard'>;
  customers: Pick<BillingCustomers, 'ensure'>;
}) => {
  const live = (storeId: string) =>
    and(eq(billingPaymentMethods.storeId, storeId), isNull(billingPaymentMethods.detachedAt));

  const findRow = async (storeId: string, id: string, handle: Db): Promise<Row> => {
    const [row] = await handle
      .select()
      .from(billingPaymentMethods)
      .where(and(live(storeId), eq(billingPaymentMethods.id, id)));
    if (!row) throw notFound();
    return row;
  };

  /** Makes `id` the store's only default card and the current subscription's card. */
  const setDefault = async (storeId: string, id: string, tx: Db) => {
    await tx
      .update(billingPaymentMethods)
      .set({ isDefault: false })
      .where(and(live(storeId), eq(billingPaymentMethods.isDefault, true)));
    await tx
      .update(billingPaymentMethods)
      .set({ isDefault: true })
      .where(and(live(storeId), eq(billingPaymentMethods.id, id)));
    await tx
      .update(billingSubscriptions)
      .set({ defaultPaymentMethodId: id })
      .where(and(eq(billingSubscriptions.storeId, storeId), isNull(billingSubscriptions.endedAt)));
  };

  const describeCard = async (storeId: string, body: AttachBody, storeName: string | null) => {
    const card = body.paymentMethod;
    if (card.type === 'test_card') {
      if (gateway.name !== 'local') {
        throw cardRefused(
          'Card numbers are not accepted here: add the card through the payment form.',
          'test_cards_local_only',
        );
      }
      const problem = findCardProblem(card, await clock.now(storeId));
      if (problem) {
        throw cardRefused(problem, 'card_invalid', CARD_PROBLEM_FIELDS[problem]);
      }
      const digits = toCardDigits(card.number);
      const testCard = findTestCard(digits);
      if (!testCard) {
        throw cardRefused(
          'Only the test cards listed on this page work with the local test provider.',
          'card_not_a_test_card',
        );
      }
      return {
        provider: 'local',
        providerPaymentMethodId: `${LOCAL_PREFIX}${digits}`,
        brand: testCard.brand,
        last4: digits.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear < 100 ? 2000 + card.expYear : card.expYear,
      };
    }
    if (gateway.name !== 'stripe') {
      throw new AppError('bad_request', 'Stripe is not configured on this server.', {
        reason: 'stripe_not_configured',
        details: [{ field: 'body.paymentMethod.type', message: 'Use a test card.' }],
      });
    }
    const customerId = (await customers.ensure(storeId, storeName))!;
    const attached = await gateway.attachCard(customerId, card.paymentMethodId);
    return { provider: 'stripe', ...attached };
  };

  /** The provider's side of a new default card (nothing for the local test cards). */
  const setDefaultAtProvider = async (
    storeId: string,
    row: Pick<Row, 'provider' | 'providerPaymentMethodId'>,
  ) => {
    if (row.provider === 'local') return;
    const customerId = await customers.ensure(storeId);
    if (customerId) await gateway.setDefaultCard(customerId, row.providerPaymentMethodId);
  };

  /** 409 `payment_method_in_use`: the only card while a paid plan is active cannot go. */
  const assertDetachable = async (storeId: string, row: Row, handle: Db) => {
    const [other] = await handle
      .select({ id: billingPaymentMethods.id })
      .from(billingPaymentMethods)
      .where(and(live(storeId), ne(billingPaymentMethods.id, row.id)))
      .orderBy(desc(billingPaymentMethods.createdAt))
      .limit(1);
    if (row.isDefault && !other) {
      const [active] = await handle
        .select({ id: billingSubscriptions.id })
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.storeId, storeId),
            isNull(billingSubscriptions.endedAt),
            inArray(billingSubscriptions.status, ['ACTIVE', 'TRIALING', 'PAST_DUE']),
          ),
        );
      if (active) {
        throw new AppError(
          'conflict',
          'This card pays for your plan. Add another card before removing it.',
          { reason: 'payment_method_in_use' },
        );
      }
    }
    return other ?? null;
  };

  /** Marks a card detached; the newest other card becomes the default if it was. */
  const markDetached = async (storeId: string, row: Row, other: { id: string } | null, tx: Db) => {
    const detachedAt = await clock.now(storeId, tx);
    await tx
      .update(billingPaymentMethods)
      .set({ detachedAt, isDefault: false })
      .where(and(live(storeId), eq(billingPaymentMethods.id, row.id)));
    if (row.isDefault && other) await setDefault(storeId, other.id, tx);
    if (row.isDefault && !other) {
      await tx
        .update(billingSubscriptions)
        .set({ defaultPaymentMethodId: null })
        .where(
          and(eq(billingSubscriptions.storeId, storeId), isNull(billingSubscriptions.endedAt)),
        );
    }
  };

  const service = {
    /** The store's saved cards, the default first, then newest first. */
    async list(storeId: string): Promise<PaymentMethod[]> {
      const rows = await db
        .select()
        .from(billingPaymentMethods)
        .where(live(storeId))
        .orderBy(desc(billingPaymentMethods.isDefault), desc(billingPaymentMethods.createdAt));
      return rows.map(toPaymentMethod);
    },

    async findDefault(storeId: string, handle: Db = db): Promise<PaymentMethod | null> {
      const [row] = await handle
        .select()
        .from(billingPaymentMethods)
        .where(and(live(storeId), eq(billingPaymentMethods.isDefault, true)));
      return row ? toPaymentMethod(row) : null;
    },

    async get(storeId: string, id: string, handle: Db = db): Promise<PaymentMethod> {
      return toPaymentMethod(await findRow(storeId, id, handle));
    },

    /** The provider's charge input for a saved card (`PaymentMethodInput`). */
    async chargeInputOf(storeId: string, id: string, handle: Db = db): Promise<PaymentMethodInput> {
      const row = await findRow(storeId, id, handle);
      if (row.provider === 'local') {
        return {
          type: 'test_card',
          number: row.providerPaymentMethodId.slice(LOCAL_PREFIX.length),
          expMonth: row.expMonth,
          expYear: row.expYear,
          cvc: '123',
        };
      }
      return { type: 'stripe', paymentMethodId: row.providerPaymentMethodId };
    },

    /**
     * Saves a card (201). 400 with `body.paymentMethod.number` when the local provider refuses
     * it (`card_invalid`: Luhn or expiry at the store's billing time; `card_not_a_test_card`),
     * 400 `stripe_not_configured` / `test_cards_local_only` for the other provider's input. The
     * store's first card, or `makeDefault`, becomes the default. With Stripe, the card is
     * attached to the store's Stripe Customer first (`storeName` names a new customer); Stripe
     * refusing it throws `PaymentProviderError` and nothing is saved.
     */
    async attach(
      storeId: string,
      body: AttachBody,
      storeName: string | null = null,
    ): Promise<PaymentMethod> {
      const described = await describeCard(storeId, body, storeName);
      if (body.makeDefault || !(await service.findDefault(storeId))) {
        await setDefaultAtProvider(storeId, described);
      }
      const createdAt = await clock.now(storeId);
      return db.transaction(async (tx) => {
        const id = newId('pm');
        const [existingDefault] = await tx
          .select({ id: billingPaymentMethods.id })
          .from(billingPaymentMethods)
          .where(and(live(storeId), eq(billingPaymentMethods.isDefault, true)));
        await tx
          .insert(billingPaymentMethods)
          .values({ id, storeId, ...described, isDefault: false, createdAt });
        if (!existingDefault || body.makeDefault) await setDefault(storeId, id, tx);
        return toPaymentMethod(await findRow(storeId, id, tx));
      });
    },

    /** Makes a saved card the default (and the current subscription's card). 404 for another store's. */
    async makeDefault(storeId: string, id: string): Promise<PaymentMethod> {
      await setDefaultAtProvider(storeId, await findRow(storeId, id, db));
      return db.transaction(async (tx) => {
        await findRow(storeId, id, tx);
        await setDefault(storeId, id, tx);
        return toPaymentMethod(await findRow(storeId, id, tx));
      });
    },

    /**
     * Removes a saved card (at the provider too). The default card while a paid subscription is
     * active (ACTIVE, TRIALING, PAST_DUE) can go only when another card exists: the newest other
     * becomes the default; otherwise 409 `payment_method_in_use`. 404 for another store's card.
     */
    async detach(storeId: string, id: string): Promise<void> {
      const row = await findRow(storeId, id, db);
      await assertDetachable(storeId, row, db);
      if (row.provider !== 'local') await gateway.detachCard(row.providerPaymentMethodId);
      await db.transaction(async (tx) => {
        const current = await findRow(storeId, id, tx);
        await markDetached(storeId, current, await assertDetachable(storeId, current, tx), tx);
      });
    },

    /**
     * A card removed at the provider (Stripe's dashboard; the `payment_method.detached`
     * webhook): the store's card with this provider id is marked detached, whatever the plan
     * (it cannot pay any more); the newest other card becomes the default. Only the store whose
     * provider customer is `providerCustomerId` (when given) is touched. Returns the cards marked.
     */
    async detachedAtProvider(
      providerPaymentMethodId: string,
      providerCustomerId: string | null,
    ): Promise<number> {
      const rows = await db
        .select()
        .from(billingPaymentMethods)
        .where(
          and(
            eq(billingPaymentMethods.provider, gateway.name),
            eq(billingPaymentMethods.providerPaymentMethodId, providerPaymentMethodId),
            isNull(billingPaymentMethods.detachedAt),
            providerCustomerId
              ? inArray(
                  billingPaymentMethods.storeId,
                  db
                    .select({ storeId: billingAccounts.storeId })
                    .from(billingAccounts)
                    .where(eq(billingAccounts.providerCustomerId, providerCustomerId)),
                )
              : undefined,
          ),
        );
      for (const row of rows) {
        await db.transaction(async (tx) => {
          const [other] = await tx
            .select({ id: billingPaymentMethods.id })
            .from(billingPaymentMethods)
            .where(and(live(row.storeId), ne(billingPaymentMethods.id, row.id)))
            .orderBy(desc(billingPaymentMethods.createdAt))
            .limit(1);
          await markDetached(row.storeId, row, other ?? null, tx);
        });
      }
      return rows.length;
    },
  } satisfies PaymentMethodsService & Record<string, unknown>;
  return service;
};
export type BillingPaymentMethods = ReturnType<typeof createPaymentMethodsService>;
