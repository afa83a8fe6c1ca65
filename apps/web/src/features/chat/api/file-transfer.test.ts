// @vitest-environment happy-dom
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server, startMockServer, TEST_ORIGIN } from '@/testing/server';
import { storeChatClient } from '../chat-client';
import { saveChatFile, uploadChatFile } from './file-transfer';

const { received } = startMockServer();

afterEach(() => vi.restoreAllMocks());

describe('saveChatFile', () => {
  it('saves an SVG as plain bytes under its name, never as a document to render', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="4"/></svg>';
    server.use(
      http.get(`${TEST_ORIGIN}/api/files/fil_1/logo.svg`, () =>
        HttpResponse.text(svg, { headers: { 'content-type': 'image/svg+xml' } }),
      ),
    );
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:saved';
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });

    await saveChatFile(storeChatClient, '/api/files/fil_1/logo.svg', 'logo.svg');

    expect(names).toEqual(['logo.svg']);
    expect(saved.map((blob) => blob.type)).toEqual(['application/octet-stream']);
    expect(await saved[0]!.text()).toBe(svg);
  });
});

describe('uploadChatFile', () => {
  it("refuses a name past 200 characters with the server's reason, sending nothing", async () => {
    const file = new File([new Uint8Array([1])], `${'a'.repeat(197)}.png`, { type: 'image/png' });
    await expect(
      uploadChatFile(storeChatClient, file, { onProgress: () => undefined }),
    ).rejects.toMatchObject({
      status: 400,
      reason: 'file_name_too_long',
      message: 'File names can have at most 200 characters. Rename the file and upload it again.',
    });
    expect(received).toEqual([]);
  });
});
