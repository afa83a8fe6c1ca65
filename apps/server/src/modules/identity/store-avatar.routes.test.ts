import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedFile } from '@atelier/contract/files/file';
import { getStoreProfile, updateStoreProfile } from '@atelier/contract/identity/store';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { aPdf, aPng, multipart } from '@/testing/upload-factories';

type Account = Awaited<ReturnType<typeof registerAccount>>;

let context: TestContext;
let dataDir: string;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'atelier-avatar-'));
  context = await createTestApp({ DATA_DIR: dataDir });
  alice = await registerAccount(context);
  bob = await registerAccount(context);
});
afterAll(async () => {
  await context.close();
  await rm(dataDir, { recursive: true, force: true });
});

const upload = async (account: Account, fileName: string, bytes: Buffer) => {
  const body = multipart(fileName, bytes);
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/web/files',
    headers: { ...body.headers, ...account.headers },
    payload: body.payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json<UploadedFile>();
};

const putAvatar = (account: Account, avatarUrl: string) =>
  context.app.inject({
    method: 'PUT',
    url: updateStoreProfile.path,
    headers: account.headers,
    payload: { avatarUrl },
  });

const avatarOf = async (account: Account) =>
  (
    await context.app.inject({
      method: 'GET',
      url: getStoreProfile.path,
      headers: account.headers,
    })
  ).json<{ avatarUrl: string | null }>().avatarUrl;

describe('PUT /api/web/stores/me with an uploaded avatar (issue 10)', () => {
  it("takes an image the store uploaded as its avatar, and serves it to the store's users", async () => {
    const file = await upload(alice, 'logo.png', aPng());
    const response = await putAvatar(alice, file.url);
    expect(response.statusCode).toBe(200);
    expect(await avatarOf(alice)).toBe(file.url);
    const served = await context.app.inject({
      method: 'GET',
      url: file.url,
      headers: alice.headers,
    });
    expect(served.statusCode).toBe(200);
  });

  it("refuses another store's upload with 400 naming body.avatarUrl", async () => {
    const file = await upload(bob, 'bob.png', aPng());
    const error = expectApiError(await putAvatar(alice, file.url), 400, {
      code: 'bad_request',
      reason: 'avatar_file_not_found',
    });
    expect(fieldsOf(error)).toEqual(['body.avatarUrl']);
    expect(await avatarOf(alice)).not.toBe(file.url);
  });

  it('refuses an uploaded file that is no image', async () => {
    const file = await upload(alice, 'brief.pdf', aPdf());
    expectApiError(await putAvatar(alice, file.url), 400, {
      code: 'bad_request',
      reason: 'avatar_not_image',
    });
  });

  it('refuses the address of a file that does not exist', async () => {
    expectApiError(await putAvatar(alice, '/api/files/fil_nothing1/x.png'), 400, {
      code: 'bad_request',
      reason: 'avatar_file_not_found',
    });
  });
});
