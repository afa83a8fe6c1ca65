import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, type UploadedFile } from '@atelier/contract/files/file';
import { files } from '@/db/schema';
import { expectApiError } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import {
  aPdf,
  aPng,
  aWindowsExecutable,
  anElfExecutable,
  multipart,
} from '@/testing/upload-factories';

type Account = Awaited<ReturnType<typeof registerAccount>>;

let context: TestContext;
let dataDir: string;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'atelier-files-'));
  context = await createTestApp({ DATA_DIR: dataDir });
  alice = await registerAccount(context);
  bob = await registerAccount(context);
});
afterAll(async () => {
  await context.close();
  await rm(dataDir, { recursive: true, force: true });
});

const upload = (account: Account | undefined, fileName: string, bytes: Buffer) => {
  const body = multipart(fileName, bytes);
  return context.app.inject({
    method: 'POST',
    url: '/api/web/files',
    headers: { ...body.headers, ...(account?.headers ?? {}) },
    payload: body.payload,
  });
};

const storedFileCount = async () => {
  const walk = async (dir: string): Promise<number> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    let count = 0;
    for (const entry of entries) {
      count += entry.isDirectory() ? await walk(path.join(dir, entry.name)) : 1;
    }
    return count;
  };
  return walk(path.join(dataDir, 'files'));
};

const rowCount = async () => (await context.connection.db.select().from(files)).length;

describe('POST /api/web/files', () => {
  it('stores a real PNG and serves it inline with the safe headers', async () => {
    const png = aPng();
    const response = await upload(alice, 'swatch.png', png);
    expect(response.statusCode, response.body).toBe(201);
    const file = response.json<UploadedFile>();
    expect(file).toMatchObject({
      name: 'swatch.png',
      extension: 'png',
      contentType: 'image/png',
      sizeBytes: png.length,
      url: `/api/files/${file.id}/swatch.png`,
    });

    const served = await context.app.inject({
      method: 'GET',
      url: file.url,
      headers: alice.headers,
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="swatch.png"/);
  });

  it('serves a PDF as an attachment', async () => {
    const response = await upload(alice, 'Tech Pack ü.pdf', aPdf());
    expect(response.statusCode, response.body).toBe(201);
    const file = response.json<UploadedFile>();
    const served = await context.app.inject({
      method: 'GET',
      url: file.url,
      headers: alice.headers,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="Tech Pack _.pdf"; filename*=UTF-8''Tech%20Pack%20%C3%BC.pdf`,
    );
  });

  it('accepts a clean SVG, serves it as an attachment, and refuses one with a script', async () => {
    const clean = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>\n',
    );
    const response = await upload(alice, 'logo.svg', clean);
    expect(response.statusCode, response.body).toBe(201);
    const served = await context.app.inject({
      method: 'GET',
      url: response.json<UploadedFile>().url,
      headers: alice.headers,
    });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);

    for (const dirty of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
      '<svg><a href="javascript:alert(1)">x</a></svg>',
      '<html><body>not an svg</body></html>',
    ]) {
      expectApiError(await upload(alice, 'logo.svg', Buffer.from(dirty)), 400, {
        code: 'bad_request',
        reason: 'file_type_mismatch',
      });
    }
  });

  it('refuses renamed executables and HTML by content, storing nothing', async () => {
    const rowsBefore = await rowCount();
    const filesBefore = await storedFileCount();
    for (const [name, bytes] of [
      ['x.png', anElfExecutable()],
      ['x.png', aWindowsExecutable()],
      ['x.jpg', aPng()],
      ['x.pdf', Buffer.from('<html><script>alert(1)</script></html>')],
      ['x.png', Buffer.from('<html><script>alert(1)</script></html>')],
    ] as const) {
      expectApiError(await upload(alice, name, bytes), 400, {
        code: 'bad_request',
        reason: 'file_type_mismatch',
      });
    }
    expect(await rowCount()).toBe(rowsBefore);
    expect(await storedFileCount()).toBe(filesBefore);
  });

  it.each(['setup.exe', 'page.html', 'clip.mp4', 'README', 'x.png.exe'])(
    'refuses %s by its extension',
    async (name) => {
      expectApiError(await upload(alice, name, aWindowsExecutable()), 400, {
        code: 'bad_request',
        reason: 'file_type_not_allowed',
      });
    },
  );

  it('refuses a file above MAX_UPLOAD_BYTES with 413 and stores nothing', async () => {
    const rowsBefore = await rowCount();
    const big = Buffer.concat([aPng(), Buffer.alloc(MAX_UPLOAD_BYTES, 0)]);
    expectApiError(await upload(alice, 'big.png', big), 413, {
      code: 'payload_too_large',
      reason: 'file_too_large',
    });
    expect(await rowCount()).toBe(rowsBefore);
  });

  it('needs a session, a multipart body and a part named file', async () => {
    expectApiError(await upload(undefined, 'a.png', aPng()), 401, { code: 'unauthenticated' });
    expect(
      (
        await context.app.inject({
          method: 'POST',
          url: '/api/web/files',
          headers: alice.headers,
          payload: { file: 'x' },
        })
      ).statusCode,
    ).toBe(415);
    const wrongField = multipart('a.png', aPng(), { field: 'other' });
    expectApiError(
      await context.app.inject({
        method: 'POST',
        url: '/api/web/files',
        headers: { ...wrongField.headers, ...alice.headers },
        payload: wrongField.payload,
      }),
      400,
      { code: 'bad_request', reason: 'file_missing' },
    );
  });
});

describe('GET /api/files/:id/:name', () => {
  it('answers 404 to anyone but the uploader while the file is not shared', async () => {
    const file = (await upload(alice, 'private.png', aPng())).json<UploadedFile>();
    expectApiError(
      await context.app.inject({ method: 'GET', url: file.url, headers: bob.headers }),
      404,
      {
        code: 'not_found',
        reason: 'file_not_found',
      },
    );
    expectApiError(await context.app.inject({ method: 'GET', url: file.url }), 401, {
      code: 'unauthenticated',
    });
    expectApiError(
      await context.app.inject({
        method: 'GET',
        url: '/api/files/fil_unknown/x.png',
        headers: alice.headers,
      }),
      404,
      { code: 'not_found' },
    );
  });
});
