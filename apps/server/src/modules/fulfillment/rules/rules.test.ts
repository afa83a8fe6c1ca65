import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fulfillmentBookingEndpoints as bookingsApi } from '@atelier/contract/fulfillment/bookings';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import type { OrderReservation } from '@atelier/contract/fulfillment/inventory';
import {
  fulfillmentRuleEndpoints as rulesApi,
  type OrderHold,
  type OrderInstructions,
  type OrderRule,
} from '@atelier/contract/fulfillment/rules';
import type { Shipment } from '@atelier/contract/fulfillment/shipment';
import {
  createManualRetailOrder,
  getStoreOrder,
  listStoreOrders,
  type StoreOrder,
} from '@atelier/contract/sales/order';
import { createProduct, type Product } from '@atelier/contract/sales/product';
import { notificationOutbox, outboxEvents } from '@/db/schema';
import { expectApiError } from '@/testing/api-error';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { createTestAppWithDataDir, type TestContext } from '@/testing/test-app';
import { pathOf as path, storeClient } from '@/testing/store-client';
import { PARCEL, RALEIGH } from '@/testing/fulfillment-fixtures';

let context: TestContext;
const { send, ok } = storeClient(() => context.app);
let alice: StoreAccount;
let bob: StoreAccount;
let scarf: Product;

const rulesOf = async (account: StoreAccount) =>
  (await ok<{ items: OrderRule[] }>(account, 'GET', rulesApi.listRules.path)).items;
const holdsOf = async (account: StoreAccount, status: 'OPEN' | 'RELEASED' = 'OPEN') =>
  (await ok<{ items: OrderHold[] }>(account, 'GET', `${rulesApi.listHolds.path}?status=${status}`))
    .items;
const createRule = (account: StoreAccount, body: Record<string, unknown>) =>
  send(account, 'POST', rulesApi.createRule.path, body);
const deleteAllRules = async () => {
  for (const rule of await rulesOf(alice)) {
    await ok(alice, 'DELETE', path(rulesApi.deleteRule.path, { ruleId: rule.id }));
  }
};

const anOrder = async (
  lines: { sku: string; quantity: number }[],
  extra: { tags?: string[]; shippingAddress?: typeof RALEIGH | null } = {},
) => {
  const order = await ok<{ id: string; name: string }>(
    alice,
    'POST',
    createManualRetailOrder.path,
    {
      currencyCode: 'USD',
      customer: { email: 'jane.doe@example.com', firstName: 'Jane', lastName: 'Doe' },
      shippingAddress: extra.shippingAddress === undefined ? RALEIGH : extra.shippingAddress,
      lines: lines.map((line) => ({ ...line, title: line.sku, unitPriceAmount: 6_500 })),
      discountAmount: 0,
      shippingAmount: 0,
      taxAmount: 0,
      tags: extra.tags ?? [],
    },
  );
  await context.dispatcher.drain();
  return order;
};
const instructionsOf = (orderId: string) =>
  ok<OrderInstructions>(alice, 'GET', path(rulesApi.getOrderInstructions.path, { orderId }));

beforeAll(async () => {
  context = await createTestAppWithDataDir('atelier-rules-');
  await context.reference.seedReferenceData();
  alice = await registerAccount(context);
  bob = await registerAccount(context);
  scarf = await ok<Product>(alice, 'POST', createProduct.path, {
    title: 'Silk scarf',
    options: [{ name: 'Color', values: ['Rose', 'Ink', 'Card'] }],
    variants: ['Rose', 'Ink', 'Card'].map((color) => ({
      optionValues: [color],
      sku: `SCARF-${color.toUpperCase()}`,
      priceAmount: 6_500,
    })),
  });
  for (const variant of scarf.variants.slice(0, 2)) {
    await ok(alice, 'POST', api.adjustInventory.path, {
      variantId: variant.id,
      change: 10,
      reason: 'CYCLE_COUNT',
    });
  }
}, 90_000);
afterAll(async () => context.close());

describe('order rules (issue 15 /fulfillment-rules)', () => {
  it('creates, lists in order, updates, reorders and deletes rules', async () => {
    const first = await createRule(alice, {
      name: 'VIP gift',
      conditions: [{ kind: 'TAG', tag: 'VIP' }],
      actions: [
        { kind: 'ADD_INSERT', sku: 'SCARF-CARD', quantity: 1 },
        { kind: 'CHOOSE_PACKAGING', packaging: 'Gift box' },
      ],
    });
    expect(first.statusCode, first.body).toBe(201);
    const vip = first.json<OrderRule>();
    expect(vip).toMatchObject({ position: 1, isEnabled: true, thenRuleId: null });
    const canada = await ok<OrderRule>(alice, 'POST', rulesApi.createRule.path, {
      name: 'Canada by Express',
      isEnabled: false,
      conditions: [
        { kind: 'COUNTRY', countryCodes: ['ca'] },
        { kind: 'ORDER_VALUE', operator: 'GTE', amount: 10_000 },
      ],
      actions: [{ kind: 'SET_SHIPPING_METHOD', shippingMethod: 'Express' }],
    });
    expect(canada.position).toBe(2);
    expect(canada.conditions).toEqual([
      { kind: 'COUNTRY', countryCodes: ['CA'] },
      { kind: 'ORDER_VALUE', operator: 'GTE', amount: 10_000, currencyCode: 'USD' },
    ]);

    const updated = await ok<OrderRule>(
      alice,
      'PUT',
      path(rulesApi.updateRule.path, { ruleId: canada.id }),
      { ...canada, name: 'Canada, fast', isEnabled: true, thenRuleId: vip.id },
    );
    expect(updated).toMatchObject({ name: 'Canada, fast', isEnabled: true, thenRuleId: vip.id });

    const reordered = await ok<{ items: OrderRule[] }>(alice, 'POST', rulesApi.reorderRules.path, {
      ruleIds: [canada.id, vip.id],
    });
    expect(reordered.items.map((rule) => [rule.name, rule.position])).toEqual([
      ['Canada, fast', 1],
      ['VIP gift', 2],
    ]);
    expectApiError(
      await send(alice, 'POST', rulesApi.reorderRules.path, { ruleIds: [vip.id] }),
      400,
      { code: 'bad_request', reason: 'rule_order_mismatch' },
    );

    // Deleting the rule another continues with clears the chain; the rest move up.
    await ok(alice, 'DELETE', path(rulesApi.deleteRule.path, { ruleId: vip.id }));
    expect(
      (await rulesOf(alice)).map((rule) => [rule.name, rule.position, rule.thenRuleId]),
    ).toEqual([['Canada, fast', 1, null]]);
    expectApiError(
      await send(alice, 'DELETE', path(rulesApi.deleteRule.path, { ruleId: vip.id })),
      404,
      { code: 'not_found', reason: 'rule_not_found' },
    );
    await deleteAllRules();
  });

  it('refuses bad rules with the field and reason, and keeps nothing', async () => {
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ name: 'No actions', conditions: [], actions: [] }, 'actions'],
      [{ name: '', conditions: [], actions: [{ kind: 'HOLD', reason: 'x' }] }, 'name'],
      [
        {
          name: 'Bad country',
          conditions: [{ kind: 'COUNTRY', countryCodes: ['USA'] }],
          actions: [{ kind: 'HOLD', reason: 'x' }],
        },
        'conditions.0.countryCodes.0',
      ],
      [
        {
          name: 'Negative value',
          conditions: [{ kind: 'ORDER_VALUE', operator: 'LTE', amount: -1 }],
          actions: [{ kind: 'HOLD', reason: 'x' }],
        },
        'conditions.0.amount',
      ],
      [
        {
          name: 'Unknown carrier service',
          conditions: [],
          actions: [{ kind: 'SET_SHIPPING_METHOD', shippingMethod: 'Teleport' }],
        },
        'actions.0.shippingMethod',
      ],
      [
        {
          name: 'Two methods',
          conditions: [],
          actions: [
            { kind: 'SET_SHIPPING_METHOD', shippingMethod: 'Ground' },
            { kind: 'SET_SHIPPING_METHOD', shippingMethod: 'Express' },
          ],
        },
        'actions.1',
      ],
      [
        {
          name: 'Insert of another store',
          conditions: [],
          actions: [{ kind: 'ADD_INSERT', sku: 'NOT-MINE', quantity: 1 }],
        },
        'actions.0.sku',
        'insert_sku_unknown',
      ],
      [
        {
          name: 'Chain to nowhere',
          conditions: [],
          actions: [{ kind: 'HOLD', reason: 'x' }],
          thenRuleId: 'rul_missing',
        },
        'thenRuleId',
        'rule_not_found',
      ],
    ];
    for (const [body, field, reason] of cases) {
      const error = expectApiError(await createRule(alice, body), 400, {
        code: 'bad_request',
        ...(reason ? { reason } : {}),
      });
      expect(error.details?.map((issue) => issue.field.replace(/^body\./, ''))).toContain(field);
    }
    expect(await rulesOf(alice)).toEqual([]);
  });

  it('refuses a rule that loops, and changes nothing', async () => {
    const a = await ok<OrderRule>(alice, 'POST', rulesApi.createRule.path, {
      name: 'A',
      conditions: [],
      actions: [{ kind: 'CHOOSE_PACKAGING', packaging: 'Mailer' }],
    });
    const b = await ok<OrderRule>(alice, 'POST', rulesApi.createRule.path, {
      name: 'B',
      conditions: [],
      actions: [{ kind: 'CHOOSE_PACKAGING', packaging: 'Box' }],
      thenRuleId: a.id,
    });
    const before = await rulesOf(alice);

    const loop = expectApiError(
      await send(alice, 'PUT', path(rulesApi.updateRule.path, { ruleId: a.id }), {
        ...a,
        name: 'A again',
        thenRuleId: b.id,
      }),
      400,
      { code: 'bad_request', reason: 'rule_loop' },
    );
    expect(loop.details).toEqual([
      { field: 'thenRuleId', message: expect.stringContaining('A again → B → A again') },
    ]);
    expectApiError(
      await send(alice, 'PUT', path(rulesApi.updateRule.path, { ruleId: a.id }), {
        ...a,
        thenRuleId: a.id,
      }),
      400,
      { code: 'bad_request', reason: 'rule_loop' },
    );
    expect(await rulesOf(alice)).toEqual(before);
    await deleteAllRules();
  });

  it('shows another store none of the rules or holds, and refuses it theirs', async () => {
    const rule = await ok<OrderRule>(alice, 'POST', rulesApi.createRule.path, {
      name: 'Hold everything',
      conditions: [],
      actions: [{ kind: 'HOLD', reason: 'Checking every order' }],
    });
    const order = await anOrder([{ sku: 'SCARF-ROSE', quantity: 1 }]);
    const [hold] = await holdsOf(alice);
    expect(hold).toMatchObject({ orderId: order.id, reason: 'RULE' });

    expect(await rulesOf(bob)).toEqual([]);
    expect(await holdsOf(bob)).toEqual([]);
    const notFound = { code: 'not_found' };
    expectApiError(
      await send(bob, 'PUT', path(rulesApi.updateRule.path, { ruleId: rule.id }), {
        name: 'Mine now',
        conditions: [],
        actions: [{ kind: 'HOLD', reason: 'x' }],
      }),
      404,
      { ...notFound, reason: 'rule_not_found' },
    );
    expectApiError(
      await send(bob, 'DELETE', path(rulesApi.deleteRule.path, { ruleId: rule.id })),
      404,
      notFound,
    );
    expectApiError(
      await send(bob, 'POST', path(rulesApi.releaseHold.path, { holdId: hold!.id }), {}),
      404,
      { ...notFound, reason: 'hold_not_found' },
    );
    expectApiError(
      await send(bob, 'GET', path(rulesApi.getOrderInstructions.path, { orderId: order.id })),
      404,
      notFound,
    );
    // Bob's own rule cannot continue with Alice's.
    expectApiError(
      await createRule(bob, {
        name: 'Borrow',
        conditions: [],
        actions: [{ kind: 'HOLD', reason: 'x' }],
        thenRuleId: rule.id,
      }),
      400,
      { code: 'bad_request', reason: 'rule_not_found' },
    );
    expect(await holdsOf(alice)).toHaveLength(1);
    await ok(alice, 'POST', path(rulesApi.releaseHold.path, { holdId: hold!.id }), {});
    await deleteAllRules();
  });
});

describe('order holds (issue 15)', () => {
  it('holds an arriving order by a rule; a held order is not shipped until released, then ships by the rule’s method', async () => {
    await ok(alice, 'POST', rulesApi.createRule.path, {
      name: 'Big NC orders',
      conditions: [
        { kind: 'STATE', countryCode: 'US', stateCodes: ['NC'] },
        { kind: 'ORDER_VALUE', operator: 'GTE', amount: 13_000 },
        { kind: 'CHANNEL', origins: ['MANUAL_RETAIL'] },
        { kind: 'SKU', sku: 'SCARF-INK' },
      ],
      actions: [
        { kind: 'HOLD', reason: 'Signature needed' },
        { kind: 'SET_SHIPPING_METHOD', shippingMethod: 'Priority' },
        { kind: 'ADD_INSERT', sku: 'SCARF-CARD', quantity: 1 },
      ],
    });
    const small = await anOrder([{ sku: 'SCARF-INK', quantity: 1 }]);
    const big = await anOrder([{ sku: 'SCARF-INK', quantity: 2 }]);

    expect(await instructionsOf(small.id)).toMatchObject({
      matchedRuleIds: [],
      holds: [],
      evaluatedAt: expect.any(String),
    });
    const decided = await instructionsOf(big.id);
    expect(decided).toMatchObject({
      inserts: [{ sku: 'SCARF-CARD', quantity: 1 }],
      shippingMethod: 'Priority',
      holds: [{ reason: 'RULE', detail: 'Big NC orders: Signature needed', releasedAt: null }],
    });
    const [hold] = await holdsOf(alice);
    expect(hold).toMatchObject({ orderId: big.id, orderName: big.name, reason: 'RULE' });

    // The order shows ON_HOLD in /orders, with why in its history.
    await context.dispatcher.drain();
    const heldOrder = await ok<StoreOrder>(alice, 'GET', path(getStoreOrder.path, { id: big.id }));
    expect(heldOrder.productionStatus).toBe('ON_HOLD');
    const onHoldTab = await ok<{ items: { id: string }[] }>(
      alice,
      'GET',
      `${listStoreOrders.path}?tab=ON_HOLD`,
    );
    expect(onHoldTab.items.map((item) => item.id)).toEqual([big.id]);

    const refused = expectApiError(
      await send(alice, 'POST', path(api.shipOrder.path, { orderId: big.id }), { parcel: PARCEL }),
      409,
      { code: 'conflict', reason: 'order_on_hold' },
    );
    expect(refused.message).toContain('Signature needed');
    expect(
      (await ok<{ items: Shipment[] }>(alice, 'GET', `${api.listShipments.path}?orderId=${big.id}`))
        .items,
    ).toEqual([]);

    const released = await ok<OrderHold>(
      alice,
      'POST',
      path(rulesApi.releaseHold.path, { holdId: hold!.id }),
      { note: 'Customer confirmed' },
    );
    expect(released).toMatchObject({
      releasedAt: expect.any(String),
      releasedBy: expect.any(String),
      releaseNote: 'Customer confirmed',
    });
    expectApiError(
      await send(alice, 'POST', path(rulesApi.releaseHold.path, { holdId: hold!.id }), {}),
      409,
      { code: 'conflict', reason: 'hold_released' },
    );
    expect(await holdsOf(alice)).toEqual([]);
    expect((await holdsOf(alice, 'RELEASED')).map((one) => one.id)).toContain(hold!.id);
    // The sales module is told, for the order's status: held, then free to ship.
    const announced = await context.connection.db
      .select({ type: outboxEvents.type, payload: outboxEvents.payload })
      .from(outboxEvents)
      .where(eq(outboxEvents.aggregateId, big.id))
      .orderBy(asc(outboxEvents.sequence));
    expect(
      announced
        .filter((event) => event.type.startsWith('fulfillment.order.'))
        .map((e) => e.payload),
    ).toEqual([
      {
        storeId: alice.storeId,
        orderId: big.id,
        holds: [{ holdId: hold!.id, reason: 'RULE', detail: 'Big NC orders: Signature needed' }],
      },
      expect.objectContaining({ holdId: hold!.id, openHoldCount: 0, note: 'Customer confirmed' }),
    ]);

    await context.dispatcher.drain();
    expect(
      (await ok<StoreOrder>(alice, 'GET', path(getStoreOrder.path, { id: big.id })))
        .productionStatus,
    ).toBe('OUTSTANDING');

    const shipped = await send(alice, 'POST', path(api.shipOrder.path, { orderId: big.id }), {
      parcel: PARCEL,
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    expect(shipped.json<Shipment>().serviceLevel).toBe('Priority');
    // The person shipping still chooses: the small order ships by Ground when asked.
    const ground = await ok<Shipment>(
      alice,
      'POST',
      path(api.shipOrder.path, { orderId: small.id }),
      { parcel: PARCEL, serviceLevel: 'Ground' },
    );
    expect(ground.serviceLevel).toBe('Ground');
    await deleteAllRules();
  });

  it('holds an order with an address the label cannot carry, and one without stock until it arrives', async () => {
    const badZip = await anOrder([{ sku: 'SCARF-ROSE', quantity: 1 }], {
      shippingAddress: { ...RALEIGH, postalCode: 'ABCDE' },
    });
    const noAddress = await anOrder([{ sku: 'SCARF-ROSE', quantity: 1 }], {
      shippingAddress: null,
    });
    const short = await anOrder([{ sku: 'SCARF-CARD', quantity: 3 }]);
    const holds = await holdsOf(alice);
    expect(holds.map((hold) => [hold.orderId, hold.reason])).toEqual([
      [badZip.id, 'ADDRESS_PROBLEM'],
      [noAddress.id, 'ADDRESS_PROBLEM'],
      [short.id, 'MISSING_STOCK'],
    ]);
    expect(holds[1]!.detail).toBe('The order has no shipping address.');
    expect(holds[2]!.detail).toBe('No stock to reserve for SCARF-CARD × 3.');

    // The stock arrives and the order is reserved: its missing-stock hold goes by itself.
    const card = scarf.variants[2]!;
    await ok(alice, 'POST', api.adjustInventory.path, {
      variantId: card.id,
      change: 5,
      reason: 'CYCLE_COUNT',
    });
    await ok(alice, 'POST', path(api.reserveOrder.path, { orderId: short.id }));
    expect((await holdsOf(alice)).map((hold) => hold.orderId)).toEqual([badZip.id, noAddress.id]);
    const [settled] = (await holdsOf(alice, 'RELEASED')).filter((h) => h.orderId === short.id);
    expect(settled).toMatchObject({ reason: 'MISSING_STOCK', releasedBy: 'Atelier' });
    const shipped = await send(alice, 'POST', path(api.shipOrder.path, { orderId: short.id }), {
      parcel: PARCEL,
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
  });

  it('lets a variant on pre-sale wait for its goods without a hold, up to the pre-sale units', async () => {
    const tote = await ok<Product>(alice, 'POST', createProduct.path, {
      title: 'Canvas tote',
      options: [{ name: 'Color', values: ['Natural'] }],
      variants: [{ optionValues: ['Natural'], sku: 'TOTE-NAT', priceAmount: 2_400 }],
    });
    const natural = tote.variants[0]!;
    await ok(alice, 'PUT', path(bookingsApi.savePreSale.path, { variantId: natural.id }), {
      maxUnits: 3,
    });
    const before = (await holdsOf(alice)).length;
    const first = await anOrder([{ sku: 'TOTE-NAT', quantity: 2 }]);
    const reservation = await ok<OrderReservation>(
      alice,
      'GET',
      path(api.orderReservation.path, { orderId: first.id }),
    );
    // Sold beyond the stock: the line waits for the goods, and no hold is raised for it.
    expect(reservation.lines.map((line) => [line.sku, line.status])).toEqual([
      ['TOTE-NAT', 'MISSING_STOCK'],
    ]);
    expect(await holdsOf(alice)).toHaveLength(before);
    // 2 + 2 units waiting pass the pre-sale's 3: the second order is held for its stock.
    const second = await anOrder([{ sku: 'TOTE-NAT', quantity: 2 }]);
    const held = (await holdsOf(alice)).filter((hold) => hold.orderId === second.id);
    expect(held.map((hold) => [hold.reason, hold.detail])).toEqual([
      ['MISSING_STOCK', 'No stock to reserve for TOTE-NAT × 2 (beyond its pre-sale of 3 units).'],
    ]);
    // The goods arrive: both orders take them and the hold goes by itself.
    await ok(alice, 'POST', api.adjustInventory.path, {
      variantId: natural.id,
      change: 4,
      reason: 'CYCLE_COUNT',
    });
    await ok(alice, 'POST', path(api.reserveOrder.path, { orderId: first.id }));
    await ok(alice, 'POST', path(api.reserveOrder.path, { orderId: second.id }));
    expect((await holdsOf(alice)).filter((hold) => hold.orderId === second.id)).toEqual([]);
    // Without a pre-sale an order beyond the stock is held at once.
    await ok(alice, 'DELETE', path(bookingsApi.deletePreSale.path, { variantId: natural.id }));
    const third = await anOrder([{ sku: 'TOTE-NAT', quantity: 1 }]);
    expect(
      (await holdsOf(alice)).filter((hold) => hold.orderId === third.id).map((h) => h.detail),
    ).toEqual(['No stock to reserve for TOTE-NAT × 1.']);
    await ok(alice, 'POST', api.adjustInventory.path, {
      variantId: natural.id,
      change: 1,
      reason: 'CYCLE_COUNT',
    });
    await ok(alice, 'POST', path(api.reserveOrder.path, { orderId: third.id }));
    expect(await holdsOf(alice)).toHaveLength(before);
  });

  it('e-mails the store a digest of its held orders once a day', async () => {
    const rules = context.fulfillment.orderRules;
    const open = await holdsOf(alice);
    expect(open.length).toBeGreaterThan(0);
    const now = new Date('2026-12-01T14:00:00Z');
    expect(await rules.sendHoldDigest(alice.storeId, now)).toEqual({
      isSent: true,
      holdCount: open.length,
    });
    // Later the same day (New York): not again; the next day: again. Bob has no holds.
    expect(
      (await rules.sendHoldDigest(alice.storeId, new Date('2026-12-02T04:00:00Z'))).isSent,
    ).toBe(false);
    // The sweep sends from 8:00 in New York (13:00 UTC in December) on.
    expect(await rules.sendHoldDigests(new Date('2026-12-02T12:59:00Z'))).toBe(0);
    expect(await rules.sendHoldDigests(new Date('2026-12-02T14:00:00Z'))).toBe(1);
    expect(await rules.sendHoldDigests(new Date('2026-12-02T15:00:00Z'))).toBe(0);
    expect(await rules.sendHoldDigest(bob.storeId, now)).toEqual({ isSent: false, holdCount: 0 });
    const mails = await context.connection.db
      .select()
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.kind, 'fulfillment.hold-digest'),
          eq(notificationOutbox.storeId, alice.storeId),
        ),
      );
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe('2 held orders at the fulfillment center (2026-12-01)');
    for (const hold of open) expect(mails[0]!.body).toContain(hold.orderName);
    expect(mails[0]!.body).toContain('Address problem');
  });
});
