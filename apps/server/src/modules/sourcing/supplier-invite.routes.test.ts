import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSupplierInvite,
  listSupplierInvites,
  type SupplierInvite,
} from '@atelier/contract/sourcing/supplier-invite';
import { notificationOutbox, supplierInvites } from '@/db/schema';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

type Account = Awaited<ReturnType<typeof registerAccount>>;

let context: TestContext;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  context = await createTestApp({ PLATFORM_TEAM_EMAIL: 'sourcing-team@atelier.test' });
  alice = await registerAccount(context, { storeTitle: 'Alice Apparel' });
  bob = await registerAccount(context, { storeTitle: 'Bob Basics' });
});
afterAll(async () => context.close());

const anInvite = (overrides: Record<string, unknown> = {}) => ({
  name: 'Porto Knitwear Lda',
  website: 'https://porto-knitwear.example',
  email: 'Sales@Porto-Knitwear.example',
  phoneNumber: '+351 22 123 4567',
  ...overrides,
});

const invite = (account: Account, payload: Record<string, unknown>) =>
  context.app.inject({
    method: 'POST',
    url: createSupplierInvite.path,
    headers: account.headers,
    payload,
  });

const invitesOf = async (account: Account) => {
  const response = await context.app.inject({
    method: 'GET',
    url: listSupplierInvites.path,
    headers: account.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: SupplierInvite[] }>().items;
};

const outboxFor = async (kind: string) =>
  context.connection.db.select().from(notificationOutbox).where(eq(notificationOutbox.kind, kind));

describe('POST /api/web/supplier-invites', () => {
  it('stores the invite and e-mails the platform team with the creator and supplier details', async () => {
    const response = await invite(alice, anInvite());
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<SupplierInvite>();
    expect(created).toMatchObject({
      name: 'Porto Knitwear Lda',
      website: 'https://porto-knitwear.example',
      email: 'sales@porto-knitwear.example',
      phoneNumber: '+351 22 123 4567',
      createdAt: context.clock.now().toISOString(),
    });

    const [email, ...others] = (await outboxFor('supplier.invited')).filter((row) =>
      row.body.includes(created.name),
    );
    expect(others).toEqual([]);
    expect(email).toMatchObject({
      channel: 'EMAIL',
      recipient: 'sourcing-team@atelier.test',
      kind: 'supplier.invited',
      status: 'QUEUED',
      provider: 'local-outbox',
      storeId: null,
    });
    expect(email!.subject).toContain('Porto Knitwear Lda');
    for (const text of [
      'Alice Apparel',
      alice.storeId,
      'Porto Knitwear Lda',
      'https://porto-knitwear.example',
      'sales@porto-knitwear.example',
      '+351 22 123 4567',
    ]) {
      expect(email!.body).toContain(text);
    }
  });

  it('keeps a line break in the name out of the e-mail subject', async () => {
    const response = await invite(alice, anInvite({ name: 'Line\nBreak Mills' }));
    expect(response.statusCode, response.body).toBe(201);
    const [email] = (await outboxFor('supplier.invited')).filter((row) =>
      row.body.includes('Line\nBreak Mills'),
    );
    expect(email!.subject).toContain('Line Break Mills');
    expect(email!.subject).not.toMatch(/[\r\n]/);
  });

  it.each(['http://mill.example', 'ftp://files.mill.example/catalog', '//mill.example/about'])(
    'accepts the §5 link %s',
    async (website) => {
      const response = await invite(alice, anInvite({ website }));
      expect(response.statusCode, response.body).toBe(201);
    },
  );

  it.each([
    'mailto:sales@mill.example',
    'javascript:alert(1)',
    'mill.example',
    'https://',
    'https://mill .example',
    'file:///etc/passwd',
    '',
  ])(
    'refuses the website %j with 400 naming body.website, and sends no e-mail',
    async (website) => {
      const before = (await outboxFor('supplier.invited')).length;
      const error = expectApiError(await invite(alice, anInvite({ website })), 400, {
        code: 'bad_request',
        reason: 'validation_failed',
      });
      expect(fieldsOf(error)).toEqual(['body.website']);
      expect((await outboxFor('supplier.invited')).length).toBe(before);
    },
  );

  it.each([
    'no-at-sign',
    'two@@mill.example',
    'name@nodot',
    'spa ce@mill.example',
    '.dot@mill.example',
    `${'a'.repeat(250)}@x.example`,
  ])('refuses the e-mail %j with 400 naming body.email', async (email) => {
    const error = expectApiError(await invite(alice, anInvite({ email })), 400, {
      code: 'bad_request',
    });
    expect(new Set(fieldsOf(error))).toEqual(new Set(['body.email']));
  });

  it('refuses a missing name and a phone number of letters with 400', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [anInvite({ name: '  ' }), 'body.name'],
      [anInvite({ phoneNumber: 'call me' }), 'body.phoneNumber'],
      [anInvite({ phoneNumber: '1'.repeat(41) }), 'body.phoneNumber'],
      [anInvite({ name: 'Nul\u0000Mills' }), 'body.name'],
    ];
    for (const [payload, field] of cases) {
      const error = expectApiError(await invite(alice, payload), 400, { code: 'bad_request' });
      expect(fieldsOf(error)).toContain(field);
    }
  });

  it('needs a session', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: createSupplierInvite.path,
      payload: anInvite(),
    });
    expectApiError(response, 401, { code: 'unauthenticated' });
  });
});

describe('GET /api/web/supplier-invites', () => {
  it("lists only the store's own invites, newest first", async () => {
    const carol = await registerAccount(context);
    await invite(carol, anInvite({ name: 'First Mill' }));
    context.clock.advance(1000);
    await invite(carol, anInvite({ name: 'Second Mill' }));
    await invite(bob, anInvite({ name: "Bob's Mill" }));
    expect((await invitesOf(carol)).map((row) => row.name)).toEqual(['Second Mill', 'First Mill']);
    expect((await invitesOf(bob)).map((row) => row.name)).toEqual(["Bob's Mill"]);
    const rows = await context.connection.db
      .select()
      .from(supplierInvites)
      .where(eq(supplierInvites.storeId, carol.storeId));
    expect(rows.every((row) => row.invitedByUserId === carol.userId)).toBe(true);
  });
});
