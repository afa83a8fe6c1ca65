import { describe, expect, it } from 'vitest';
import { fileUrl, isFileUrl } from '../files/file';
import { isImageUrl, MessagePayloadSchema, SendMessagePayloadSchema } from './message';

describe('isImageUrl', () => {
  it.each([
    'https://cdn.example.com/look.png',
    'HTTP://cdn.example.com/look.png',
    '//cdn.example.com/look.png',
    ' https://cdn.example.com/look.png ',
    fileUrl('fil_abc123', 'mood board ü.png'),
  ])('accepts %j', (url) => {
    expect(isImageUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    '\u0000javascript:alert(1)',
    'javascript&#58;alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'vbscript:msgbox(1)',
    'ftp://files.example.com/look.png',
    '/api/web/me',
    '/api/files/fil_1/../../api/web/me',
    '/api/files/fil_1/..',
    '/api/files/fil_1/%2e%2e',
    '',
  ])('refuses %j', (url) => {
    expect(isImageUrl(url)).toBe(false);
  });
});

describe('isFileUrl', () => {
  it('accepts what fileUrl writes, for any allowed name', () => {
    expect(isFileUrl(fileUrl('fil_a1', `${'é'.repeat(196)}.png`))).toBe(true);
    expect(isFileUrl(fileUrl('fil_a1', 'Tech Pack (v2) #1?.pdf'))).toBe(true);
  });
});

describe('message payloads', () => {
  const payload = { type: 'IMAGE_COLLABORATION', imageUrl: 'javascript:alert(1)', note: 'x' };

  it('refuses a script image from a sender but still reads one stored before the rule', () => {
    expect(SendMessagePayloadSchema.safeParse(payload).success).toBe(false);
    expect(MessagePayloadSchema.parse(payload)).toEqual(payload);
  });

  it('reads an INVOICE card but refuses one from a sender (only the server posts them)', () => {
    const invoice = {
      type: 'INVOICE',
      invoiceId: 'inv_a1',
      title: 'Heavy tees',
      lineCount: 2,
      total: 125_000,
      currencyCode: 'USD',
    };
    expect(MessagePayloadSchema.parse(invoice)).toEqual(invoice);
    expect(SendMessagePayloadSchema.safeParse(invoice).success).toBe(false);
  });

  it('sends every other payload type unchanged', () => {
    const tracking = {
      type: 'TRACKING_LINK',
      url: 'https://track.example/1Z',
      carrier: 'UPS',
      trackingNumber: '1Z',
    };
    expect(SendMessagePayloadSchema.parse(tracking)).toEqual(tracking);
    expect(SendMessagePayloadSchema.parse({ type: 'TEXT' })).toEqual({ type: 'TEXT' });
  });
});
