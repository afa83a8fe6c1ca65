import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attachmentTypeFromFileName,
  IMAGE_DETECTION_EXTENSIONS,
  isImageFileName,
} from './attachment';

const KNOWN_KINDS = ['VIDEO', 'IMAGE', 'PDF', 'AI'];

/** Mixes upper and lower case through a string, driven by a boolean per character. */
const withCasing = (value: string, upper: boolean[]): string =>
  [...value].map((char, i) => (upper[i % upper.length] ? char.toUpperCase() : char)).join('');

describe('attachmentTypeFromFileName', () => {
  it.each(['mp4', 'mkv', 'mov'])('reads .%s as VIDEO', (extension) => {
    expect(attachmentTypeFromFileName(`clip.${extension}`)).toBe('VIDEO');
  });

  it.each(['jpg', 'jpeg', 'png', 'gif', 'eps'])('reads .%s as IMAGE', (extension) => {
    expect(attachmentTypeFromFileName(`picture.${extension}`)).toBe('IMAGE');
  });

  it('reads .pdf as PDF', () => {
    expect(attachmentTypeFromFileName('tech-pack.pdf')).toBe('PDF');
  });

  it('reads .ai as AI', () => {
    expect(attachmentTypeFromFileName('logo.ai')).toBe('AI');
  });

  it.each([
    ['brief.docx', 'DOCX'],
    ['sheet.xlsx', 'XLSX'],
    ['notes.txt', 'TXT'],
    ['bundle.zip', 'ZIP'],
    ['archive.tar.gz', 'GZ'],
    ['clip.avi', 'AVI'],
    ['clip.webm', 'WEBM'],
  ])('gives %s its own uppercase type %s', (fileName, type) => {
    expect(attachmentTypeFromFileName(fileName)).toBe(type);
  });

  it.each(['webp', 'bmp', 'svg', 'tiff', 'psd', 'jfif'])(
    'keeps the image-detection-only extension .%s as its own type',
    (extension) => {
      expect(attachmentTypeFromFileName(`picture.${extension}`)).toBe(extension.toUpperCase());
    },
  );

  it.each([
    ['CLIP.MP4', 'VIDEO'],
    ['Clip.Mov', 'VIDEO'],
    ['PHOTO.JPEG', 'IMAGE'],
    ['photo.Png', 'IMAGE'],
    ['SPEC.PDF', 'PDF'],
    ['LOGO.AI', 'AI'],
    ['Brief.DocX', 'DOCX'],
  ])('reads the extension of %s case-insensitively as %s', (fileName, type) => {
    expect(attachmentTypeFromFileName(fileName)).toBe(type);
  });

  it.each([
    ['https://cdn.example.com/uploads/clip.mp4?X-Amz-Signature=abc&X-Amz-Expires=300', 'VIDEO'],
    ['https://cdn.example.com/uploads/photo.JPG?w=200#preview', 'IMAGE'],
    ['https://cdn.example.com/uploads/spec.pdf#page=2', 'PDF'],
    ['https://cdn.example.com/uploads/brief.docx?download=1', 'DOCX'],
    ['/relative/path/to/logo.ai', 'AI'],
  ])('ignores the query string and fragment of %s', (url, type) => {
    expect(attachmentTypeFromFileName(url)).toBe(type);
  });

  it.each([
    'README',
    'trailing-dot.',
    '.env',
    '',
    'https://cdn.example.com/uploads/abc123',
    'https://cdn.example.com/v1.2/abc123?format=png',
  ])('gives %j without an extension an empty type', (fileName) => {
    expect(attachmentTypeFromFileName(fileName)).toBe('');
  });

  it('is a known kind or the uppercase extension, whatever the casing', () => {
    const base = fc.stringMatching(/^[A-Za-z0-9 _-]{1,20}$/);
    const extension = fc.oneof(
      fc.constantFrom('mp4', 'mkv', 'mov', 'jpg', 'jpeg', 'png', 'gif', 'eps', 'pdf', 'ai'),
      fc.stringMatching(/^[a-z0-9]{1,8}$/),
    );
    const casing = fc.array(fc.boolean(), { minLength: 1, maxLength: 8 });
    const query = fc.option(fc.stringMatching(/^[?#][A-Za-z0-9=&./]{0,20}$/), { nil: '' });
    fc.assert(
      fc.property(base, extension, casing, query, (name, ext, upper, suffix) => {
        const type = attachmentTypeFromFileName(`${name}.${withCasing(ext, upper)}${suffix}`);
        expect(type).toBe(attachmentTypeFromFileName(`${name}.${ext}`));
        expect(KNOWN_KINDS.includes(type) || type === ext.toUpperCase()).toBe(true);
        expect(type).toBe(type.toUpperCase());
      }),
    );
  });

  it('always returns an uppercase type for any input', () => {
    fc.assert(
      fc.property(fc.string(), (fileName) => {
        const type = attachmentTypeFromFileName(fileName);
        expect(type).toBe(type.toUpperCase());
      }),
    );
  });
});

describe('isImageFileName', () => {
  it.each([...IMAGE_DETECTION_EXTENSIONS])('detects .%s as an image', (extension) => {
    expect(isImageFileName(`photo.${extension.toUpperCase()}`)).toBe(true);
  });

  it.each(['spec.pdf', 'vector.eps', 'clip.mp4', 'README'])('does not detect %s', (fileName) => {
    expect(isImageFileName(fileName)).toBe(false);
  });
});
