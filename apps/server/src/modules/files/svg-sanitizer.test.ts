import { afterAll, describe, expect, it } from 'vitest';
import { createSvgSanitizer } from './svg-sanitizer';

const sanitizer = createSvgSanitizer({ maxElements: 3 });
afterAll(() => sanitizer.close());

const svg = (inner: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${inner}</svg>`);

const textOf = async (bytes: Buffer) => {
  const outcome = await sanitizer.sanitize(bytes);
  return outcome.kind === 'clean' ? outcome.bytes.toString('utf8') : outcome.kind;
};

describe('createSvgSanitizer', () => {
  it('answers each of several SVGs sent at once with its own result', async () => {
    const results = await Promise.all([
      textOf(svg('<rect width="1"/>')),
      textOf(svg('<circle r="2" onclick="alert(1)"/>')),
      textOf(Buffer.from('<html></html>')),
      textOf(svg('<g/><g/><g/>')),
      textOf(Buffer.from([0xc3, 0x28])),
    ]);
    expect(results).toEqual([
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><circle r="2"/></svg>',
      'not_svg',
      'too_complex',
      'not_svg',
    ]);
  });

  it('starts a new worker for SVGs sent after it was closed', async () => {
    await sanitizer.close();
    expect(await textOf(svg('<path d="M0 0"/>'))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>',
    );
  });
});
