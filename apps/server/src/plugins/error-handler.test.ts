import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCatalogCategories } from '@atelier/contract/catalog/category';
import { register } from '@atelier/contract/identity/account';
import { cancelTeamInvite } from '@atelier/contract/identity/team';
import { setExternalField, updateStoreProfile } from '@atelier/contract/identity/store';
import { stores } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { aRegistration, registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { registerErrorHandler } from './error-handler';

const BODY_LIMIT_BYTES = 2048;

let context: TestContext;
let owner: Awaited<ReturnType<typeof registerAccount>>;
beforeAll(async () => {
  context = await createTestApp({ BODY_LIMIT_BYTES: String(BODY_LIMIT_BYTES) });
  owner = await registerAccount(context);
  await context.connection.db
    .update(stores)
    .set({ planType: 'TIER_2_5' })
    .where(eq(stores.id, owner.storeId));
});
afterAll(async () => context.close());

const postRaw = (url: string, contentType: string, payload: string) =>
  context.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

describe('error handler: request validation', () => {
  it('lists every missing body field as body.<name>, and names the first in the message', async () => {
    const response = await context.app.inject({ method: 'POST', url: register.path, payload: {} });
    const error = expectApiError(response, 400, {
      code: 'bad_request',
      reason: 'validation_failed',
    });
    expect(fieldsOf(error).sort()).toEqual(
      [
        'body.accountType',
        'body.email',
        'body.password',
        'body.storeTitle',
        'body.usageStyle',
      ].sort(),
    );
    for (const issue of error.details ?? []) expect(issue.message.length).toBeGreaterThan(0);
    expect(error.message).toMatch(/^body\.\w+: /);
  });

  it('names the body itself when it is not an object', async () => {
    for (const payload of ['null', '[]', '"text"', '42', 'true']) {
      const response = await postRaw(register.path, 'application/json', payload);
      const error = expectApiError(response, 400, { code: 'bad_request' });
      expect(fieldsOf(error)).toEqual(['body']);
    }
  });

  it('names nested fields with their dotted path', async () => {
    const response = await context.app.inject({
      method: 'PUT',
      url: setExternalField.path,
      headers: owner.headers,
      payload: { name: ['a'], value: { nested: true } },
    });
    const error = expectApiError(response, 400, { code: 'bad_request' });
    expect(fieldsOf(error).sort()).toEqual(['body.name', 'body.value']);
  });

  it('answers malformed JSON with 400 bad_request', async () => {
    for (const payload of ['{"email": ', '{email: "a"}', "{'a': 1}", '{"a": 1}}', '\u0000']) {
      expectApiError(await postRaw(register.path, 'application/json', payload), 400, {
        code: 'bad_request',
      });
    }
  });

  it('answers an empty JSON body with 400 bad_request', async () => {
    expectApiError(await postRaw(register.path, 'application/json', ''), 400, {
      code: 'bad_request',
    });
  });

  it('refuses JSON that would poison the prototype with 400', async () => {
    for (const payload of [
      '{"__proto__": {"isAdmin": true}}',
      '{"constructor": {"prototype": {}}}',
    ]) {
      expectApiError(await postRaw(register.path, 'application/json', payload), 400, {
        code: 'bad_request',
      });
    }
  });

  it.each([
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
  ])('answers a %s body with 415 unsupported_media_type', async (contentType) => {
    const response = await postRaw(register.path, contentType, 'email=a@b.co');
    expectApiError(response, 415, { code: 'unsupported_media_type' });
  });

  it.each(['utf-16', 'UTF-16LE', 'iso-8859-1', '"windows-1252"'])(
    'answers application/json; charset=%s with 415 unsupported_media_type',
    async (charset) => {
      const payload = JSON.stringify(aRegistration());
      const response = await postRaw(
        register.path,
        `application/json; charset=${charset}`,
        payload,
      );
      expectApiError(response, 415, {
        code: 'unsupported_media_type',
        reason: 'unsupported_charset',
      });
    },
  );

  it.each(['utf-8', 'UTF-8', '"utf-8"', 'us-ascii'])(
    'reads application/json; charset=%s as JSON',
    async (charset) => {
      const response = await postRaw(
        register.path,
        `application/json;charset=${charset}`,
        JSON.stringify(aRegistration()),
      );
      expect(response.statusCode, response.body).toBe(201);
    },
  );

  it('answers a body over BODY_LIMIT_BYTES with 413 payload_too_large', async () => {
    const oversized = aRegistration({ name: 'n'.repeat(BODY_LIMIT_BYTES) });
    const response = await context.app.inject({
      method: 'POST',
      url: register.path,
      payload: oversized,
    });
    expectApiError(response, 413, { code: 'payload_too_large' });

    const authenticated = await context.app.inject({
      method: 'PUT',
      url: setExternalField.path,
      headers: owner.headers,
      payload: { name: 'big', value: 'v'.repeat(BODY_LIMIT_BYTES) },
    });
    expectApiError(authenticated, 413, { code: 'payload_too_large' });
  });

  it('accepts a body just under BODY_LIMIT_BYTES', async () => {
    const payload = JSON.stringify({ name: 'fits', value: '' });
    const value = 'v'.repeat(BODY_LIMIT_BYTES - payload.length);
    const response = await context.app.inject({
      method: 'PUT',
      url: setExternalField.path,
      headers: owner.headers,
      payload: { name: 'fits', value },
    });
    expect(response.statusCode).toBe(200);
  });

  it.each(['abc', '0', '100000', '-1', '1.5', '', '1e3x'])(
    'answers size=%s on the category list with 400 naming query.size',
    async (size) => {
      const response = await context.app.inject({
        method: 'GET',
        url: `${listCatalogCategories.path}?size=${encodeURIComponent(size)}`,
      });
      const error = expectApiError(response, 400, { code: 'bad_request' });
      expect(fieldsOf(error)).toEqual(['query.size']);
    },
  );

  it('answers a valid category query with 200', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: `${listCatalogCategories.path}?page=0&size=5`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ page: 0, size: 5 });
  });

  it('answers a path parameter over its length limit with 400 naming params.id', async () => {
    const response = await context.app.inject({
      method: 'DELETE',
      url: cancelTeamInvite.path.replace(':id', 'x'.repeat(65)),
      headers: owner.headers,
    });
    const error = expectApiError(response, 400, { code: 'bad_request' });
    expect(fieldsOf(error)).toEqual(['params.id']);
  });

  it('answers a text with a NUL byte with 400 naming the field, not 500', async () => {
    const response = await context.app.inject({
      method: 'PUT',
      url: updateStoreProfile.path,
      headers: owner.headers,
      payload: { title: 'Studio\u0000' },
    });
    const body = expectApiError(response, 400, { code: 'bad_request' });
    expect(body.details?.map((issue) => issue.field)).toContain('body.title');
  });
});

describe('error handler: unknown and database errors', () => {
  let app: FastifyInstance;
  const databaseError = (code: string, constraint?: string) =>
    new DrizzleQueryError(
      'insert into "things"',
      [],
      Object.assign(new Error('db'), { code, constraint }),
    );

  beforeAll(async () => {
    app = Fastify({ logger: false, genReqId: () => 'req_test' });
    registerErrorHandler(app);
    app.get('/boom', async () => {
      throw new Error('connection string postgres://user:hunter2@db');
    });
    app.get('/unique', async () => {
      throw databaseError('23505', 'things_name_key');
    });
    app.get('/nul', async () => {
      throw databaseError('22021');
    });
    app.get('/missing-table', async () => {
      throw databaseError('42P01');
    });
    app.get('/app-error', async () => {
      throw new AppError('unprocessable', 'An RFQ must close in the future.', {
        reason: 'rfq_closes_in_past',
        headers: { 'x-extra': 'yes' },
      });
    });
    await app.ready();
  });
  afterAll(async () => app.close());

  it('answers an unknown error with 500 internal and a generic message, leaking no cause', async () => {
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: {
        code: 'internal',
        message: 'Something went wrong on our side. Please try again.',
        requestId: 'req_test',
      },
    });
    expect(response.body).not.toContain('hunter2');
  });

  it('answers an AppError with its status, reason and headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/app-error' });
    expect(response.statusCode).toBe(422);
    expect(response.headers['x-extra']).toBe('yes');
    expect(response.json()).toEqual({
      error: {
        code: 'unprocessable',
        message: 'An RFQ must close in the future.',
        reason: 'rfq_closes_in_past',
        requestId: 'req_test',
      },
    });
  });

  it('answers a unique violation lost in a race with 409 conflict', async () => {
    const response = await app.inject({ method: 'GET', url: '/unique' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'conflict', reason: 'already_exists' });
    expect(response.body).not.toContain('things_name_key');
  });

  it('answers a character the database refuses with 400', async () => {
    const response = await app.inject({ method: 'GET', url: '/nul' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'bad_request',
      reason: 'unsupported_character',
    });
  });

  it('keeps a database error the client cannot cause a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/missing-table' });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('internal');
  });
});
