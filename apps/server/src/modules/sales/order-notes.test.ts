import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { switchStore } from '@atelier/contract/identity/account';
import { acceptTeamInvite, inviteTeamMember } from '@atelier/contract/identity/team';
import { createManualRetailOrder, type StoreOrder } from '@atelier/contract/sales/order';
import type { OrderNote } from '@atelier/contract/sales/order-operations';
import { stores } from '@/db/schema';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

type Account = Awaited<ReturnType<typeof registerAccount>>;

let context: TestContext;
let owner: Account;
let teammate: Account;
let stranger: Account;
let order: StoreOrder;

const call = (account: Account, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  context.app.inject({ method, url, headers: account.headers, ...(payload ? { payload } : {}) });

const notesOf = async (account: Account, orderId: string) => {
  const response = await call(account, 'GET', `/api/web/orders/${orderId}/order-notes`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: OrderNote[] }>().items;
};

const addNote = async (account: Account, orderId: string, body: string) => {
  const response = await call(account, 'POST', `/api/web/orders/${orderId}/order-notes`, { body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OrderNote>();
};

beforeAll(async () => {
  context = await createTestApp();
  owner = await registerAccount(context, { name: 'Ada Owner' });
  stranger = await registerAccount(context);
  // A teammate of the owner's store (team seats come with the Scaling plan).
  await context.connection.db
    .update(stores)
    .set({ planType: 'TIER_2_5' })
    .where(eq(stores.id, owner.storeId));
  const email = `teammate-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const invite = await call(owner, 'POST', inviteTeamMember.path, { email, role: 'ADMIN' });
  expect(invite.statusCode, invite.body).toBe(201);
  teammate = await registerAccount(context, { email, name: 'Bo Teammate' });
  const accepted = await context.app.inject({
    method: 'PUT',
    url: acceptTeamInvite.path.replace(':id', invite.json<{ id: string }>().id),
    headers: teammate.headers,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const switched = await call(teammate, 'POST', switchStore.path, { storeId: owner.storeId });
  expect(switched.statusCode, switched.body).toBe(200);

  const created = await call(owner, 'POST', createManualRetailOrder.path, {
    lines: [{ title: 'Mug', quantity: 1, unitPriceAmount: 1_800 }],
  });
  order = created.json<StoreOrder>();
});
afterAll(async () => context.close());

describe('order notes (spec §7 order-notes, issue 11)', () => {
  it('keeps the team’s dated notes, newest first, each deleted only by its author', async () => {
    expect(await notesOf(owner, order.id)).toEqual([]);
    const first = await addNote(owner, order.id, '  Called the customer: ships Monday.  ');
    expect(first).toMatchObject({
      body: 'Called the customer: ships Monday.',
      authorName: 'Ada Owner',
      isOwn: true,
      createdAt: context.clock.now().toISOString(),
    });
    context.clock.advance(60_000);
    const second = await addNote(teammate, order.id, 'Gift box packed.');

    const seenByOwner = await notesOf(owner, order.id);
    expect(seenByOwner.map((note) => [note.body, note.authorName, note.isOwn])).toEqual([
      ['Gift box packed.', 'Bo Teammate', false],
      ['Called the customer: ships Monday.', 'Ada Owner', true],
    ]);
    expect((await notesOf(teammate, order.id)).map((note) => note.isOwn)).toEqual([true, false]);

    // A teammate's note is not the owner's to delete.
    expectApiError(
      await call(owner, 'DELETE', `/api/web/orders/${order.id}/order-notes/${second.id}`),
      409,
      { code: 'conflict', reason: 'order_note_not_yours' },
    );
    const deleted = await call(
      owner,
      'DELETE',
      `/api/web/orders/${order.id}/order-notes/${first.id}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await notesOf(teammate, order.id)).map((note) => note.id)).toEqual([second.id]);
    expectApiError(
      await call(owner, 'DELETE', `/api/web/orders/${order.id}/order-notes/${first.id}`),
      404,
      { code: 'not_found', reason: 'order_note_not_found' },
    );
  });

  it('shows another store neither the order’s notes nor a way to add or delete one', async () => {
    const kept = await addNote(owner, order.id, 'Only for us.');
    expectApiError(await call(stranger, 'GET', `/api/web/orders/${order.id}/order-notes`), 404, {
      code: 'not_found',
      reason: 'order_not_found',
    });
    expectApiError(
      await call(stranger, 'POST', `/api/web/orders/${order.id}/order-notes`, { body: 'Hi' }),
      404,
      { code: 'not_found', reason: 'order_not_found' },
    );
    expectApiError(
      await call(stranger, 'DELETE', `/api/web/orders/${order.id}/order-notes/${kept.id}`),
      404,
      { code: 'not_found', reason: 'order_note_not_found' },
    );
    expect((await notesOf(owner, order.id)).map((note) => note.body)).toContain('Only for us.');
  });

  it('refuses an empty or too long note naming the body', async () => {
    for (const body of ['', '   ', 'x'.repeat(2_001)]) {
      const error = expectApiError(
        await call(owner, 'POST', `/api/web/orders/${order.id}/order-notes`, { body }),
        400,
        { code: 'bad_request' },
      );
      expect(fieldsOf(error)).toEqual(['body.body']);
    }
  });
});
