import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, type UploadedFile } from '@atelier/contract/files/file';
import { MAX_FILE_NAME_LENGTH } from '@atelier/contract/files/file-name';
import { files } from '@/db/schema';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { MAX_SVG_ELEMENTS } from './svg-sanitizer';
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

describe('GET /api/files/:id/<name>', () => {
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

describe('file names', () => {
  const download = (url: string, account: Account = alice) =>
    context.app.inject({ method: 'GET', url, headers: account.headers });

  it.each([
    ['101 characters', `${'n'.repeat(97)}.png`],
    ['150 characters', `${'Lookbook spring '.repeat(9)}x.png`.slice(-150)],
    ['the maximum', `${'a'.repeat(MAX_FILE_NAME_LENGTH - 4)}.png`],
    ['the maximum in accented letters', `${'ü'.repeat(MAX_FILE_NAME_LENGTH - 4)}.png`],
    ['the maximum with spaces, # and ?', `${'Tech #2? '.repeat(22)}x.png`.slice(-200)],
  ])('downloads a file whose name has %s through the URL the upload returns', async (_, name) => {
    expect(name.length).toBeLessThanOrEqual(MAX_FILE_NAME_LENGTH);
    const png = aPng();
    const response = await upload(alice, name, png);
    expect(response.statusCode, response.body).toBe(201);
    const file = response.json<UploadedFile>();
    expect(file.name).toBe(name);

    const served = await download(file.url);
    expect(served.statusCode, served.body).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(name)}`,
    );
  });

  it('refuses a name past the maximum with 400 naming the field, storing nothing', async () => {
    const rowsBefore = await rowCount();
    const filesBefore = await storedFileCount();
    const error = expectApiError(
      await upload(alice, `${'a'.repeat(MAX_FILE_NAME_LENGTH - 3)}.png`, aPng()),
      400,
      { code: 'bad_request', reason: 'file_name_too_long' },
    );
    expect(fieldsOf(error)).toEqual(['body.file.filename']);
    expect(error.message).toContain(String(MAX_FILE_NAME_LENGTH));
    expect(await rowCount()).toBe(rowsBefore);
    expect(await storedFileCount()).toBe(filesBefore);
  });

  it('serves a file at a link with any name after its id, as links stored in messages have', async () => {
    const png = aPng();
    const file = (await upload(alice, 'swatch.png', png)).json<UploadedFile>();
    for (const name of ['swatch.png', 'renamed%20since.png', 'x'.repeat(400)]) {
      const served = await download(`/api/files/${file.id}/${name}`);
      expect(served.statusCode, served.body).toBe(200);
      expect(served.rawPayload.equals(png)).toBe(true);
    }
  });
});

describe('SVG uploads', () => {
  const SVG_OPEN =
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">';
  const svg = (inner: string) => Buffer.from(`${SVG_OPEN}${inner}</svg>`);

  /** Uploads an SVG, then answers what a browser would get: the stored bytes and headers. */
  const uploadAndServe = async (bytes: Buffer) => {
    const response = await upload(alice, 'logo.svg', bytes);
    expect(response.statusCode, response.body).toBe(201);
    const file = response.json<UploadedFile>();
    const served = await context.app.inject({
      method: 'GET',
      url: file.url,
      headers: alice.headers,
    });
    expect(served.statusCode).toBe(200);
    expect(file.sizeBytes).toBe(served.rawPayload.length);
    return { file, served, text: served.rawPayload.toString('utf8') };
  };

  const expectNeverRendered = (headers: Record<string, unknown>) => {
    expect(headers).toMatchObject({
      'content-type': 'image/svg+xml',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(headers['content-disposition']).toMatch(/^attachment;/);
  };

  it("keeps a designer's logo whole: shapes, styles, gradients and <use> of its own shapes", async () => {
    const logo = Buffer.from(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">',
        '<!-- Generator: a design tool -->',
        `${SVG_OPEN.replace('>', ' viewBox="0 0 24 24" width="24" height="24">')}`,
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#f60"/></linearGradient>',
        '<path id="leaf" d="M0 0h8v8z"/></defs>',
        '<style>.a{fill:url(#g)}</style>',
        '<g class="a"><use xlink:href="#leaf"/><use href="#leaf" x="8"/></g>',
        '<text x="2" y="20">Atelier &amp; Co</text>',
        '</svg>',
      ].join('\n'),
    );
    const { served, text } = await uploadAndServe(logo);
    expectNeverRendered(served.headers);
    for (const kept of [
      'viewBox="0 0 24 24"',
      '<linearGradient id="g">',
      '<path id="leaf" d="M0 0h8v8z"/>',
      '<style>.a{fill:url(#g)}</style>',
      '<use xlink:href="#leaf"/>',
      '<use href="#leaf" x="8"/>',
      'Atelier &amp; Co',
    ]) {
      expect(text).toContain(kept);
    }
  });

  it.each([
    [
      'a javascript&#58; link',
      '<a href="javascript&#58;alert(1)"><rect width="4" height="4"/></a>',
    ],
    ['a javascript: xlink', '<a xlink:href="JaVaScRiPt:alert(1)"><rect width="4" height="4"/></a>'],
    ['a java<tab>script: link', '<a href="java\tscript:alert(1)"><rect width="4" height="4"/></a>'],
    [
      'a java&#x09;script: link',
      '<a href="java&#x09;script:alert(1)"><rect width="4" height="4"/></a>',
    ],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)"><rect width="4" height="4"/></a>'],
    [
      'a <set> turning on a handler',
      '<rect width="4" height="4"><set attributeName="onmouseover" to="alert(1)"/></rect>',
    ],
    [
      'an <animate> writing a javascript: href',
      '<a><animate attributeName="href" values="javascript:alert(1)"/><rect width="4" height="4"/></a>',
    ],
    [
      'a <use> of a data: document',
      '<use href="data:image/svg+xml;base64,PHN2ZyBpZD0ieCIgeG1sbnM9Imh0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnIj48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+#x"/>',
    ],
    ['a <use> of another file', '<use xlink:href="https://evil.example/sprite.svg#x"/>'],
    ['a <script>', '<script>alert(1)</script><script xlink:href="https://evil.example/x.js"/>'],
    ['a CDATA script', '<script><![CDATA[alert(1)]]></script>'],
    ['a prefixed script', '<s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script>'],
    ['on* handlers', '<rect width="4" height="4" onclick="alert(1)" ONLOAD="alert(1)"/>'],
    [
      'a foreignObject with HTML',
      '<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></body></foreignObject>',
    ],
    [
      'an XHTML iframe',
      '<h:iframe xmlns:h="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/>',
    ],
  ])('stores an SVG with %s without it, served as a download', async (_, inner) => {
    const { served, text } = await uploadAndServe(svg(inner));
    expectNeverRendered(served.headers);
    expect(text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    for (const active of [
      /javascript|vbscript|&#/i,
      /<([a-z]+:)?script/i,
      /\son[a-z]+\s*=/i,
      /<(set|animate)\b/i,
      /foreignObject|iframe|<body|<img/i,
      /href="(?!#)/,
    ]) {
      expect(text).not.toMatch(active);
    }
  });

  it('also sanitises an SVG whose root has an onload handler, and one without a namespace', async () => {
    const { text } = await uploadAndServe(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="4"/></svg>',
      ),
    );
    expect(text).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect width="4"/></svg>');
    const copied = await uploadAndServe(Buffer.from('<svg width="4"><rect width="4"/></svg>'));
    expect(copied.text).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="4"><rect width="4"/></svg>',
    );
  });

  it('refuses what is no SVG document, storing nothing', async () => {
    const rowsBefore = await rowCount();
    for (const bytes of [
      Buffer.from('<html><body><script>alert(1)</script></body></html>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'),
      Buffer.from(
        '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
      ),
      Buffer.from('<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:rect/></s:svg>'),
      Buffer.from([0xff, 0xfe, 0x3c, 0x00]),
      aPng(),
    ]) {
      expectApiError(await upload(alice, 'logo.svg', bytes), 400, {
        code: 'bad_request',
        reason: 'file_type_mismatch',
      });
    }
    expect(await rowCount()).toBe(rowsBefore);
  });

  it('refuses an SVG with more elements than it checks, storing nothing', async () => {
    const rowsBefore = await rowCount();
    const huge = svg('<rect width="1" height="1"/>'.repeat(MAX_SVG_ELEMENTS));
    expectApiError(await upload(alice, 'map.svg', huge), 400, {
      code: 'bad_request',
      reason: 'svg_too_complex',
    });
    expect(await rowCount()).toBe(rowsBefore);
  });
});
