import { describe, expect, it } from 'vitest';
import { fileUrl, type UploadedFile } from '@atelier/contract/files/file';
import { previewOf, toAttachments } from './chat.mappers';

const aFile = (name: string): UploadedFile => ({
  id: 'fil_1',
  name,
  extension: name.split('.').pop() ?? '',
  contentType: 'application/pdf',
  sizeBytes: 10,
  url: `/api/files/fil_1/${name}`,
  createdAt: '2026-11-21T10:00:00.000Z',
});

describe('previewOf', () => {
  it('shows the text, whitespace folded, before files and cards', () => {
    expect(previewOf('  Hello\n\nthere ', [aFile('a.pdf')], { type: 'TEXT' })).toBe('Hello there');
  });

  it('lists the files of a message without text', () => {
    expect(previewOf('', [aFile('a.pdf'), aFile('b.png')])).toBe('📎 a.pdf, b.png');
  });

  it('names the card of a message with neither text nor files', () => {
    const price = { amount: 1250, currencyCode: 'USD' };
    expect(
      previewOf('', [], { type: 'CATALOG_ITEM', itemId: 'itm_1', title: 'Denim jacket', price }),
    ).toBe('Product: Denim jacket');
    expect(
      previewOf('', [], { type: 'ZOOM_MEETING_REQUEST', proposedTimes: [], response: null }),
    ).toBe('Meeting request');
    expect(
      previewOf('', [], {
        type: 'TRACKING_LINK',
        url: 'https://track.example.com/1',
        carrier: 'DHL',
        trackingNumber: 'JD0001',
      }),
    ).toBe('Tracking: DHL JD0001');
  });

  it('keeps a plain empty text message empty', () => {
    expect(previewOf('', [], { type: 'TEXT' })).toBe('');
  });
});

describe('toAttachments', () => {
  it('sorts a file whose name holds # or ? by its extension', () => {
    const named = (name: string, id: string) => ({ ...aFile(name), id, url: fileUrl(id, name) });
    const attachments = toAttachments([
      named('Invoice #12.pdf', 'fil_1'),
      named('Colour #3?.png', 'fil_2'),
    ]);
    expect(attachments.pdfUrls).toEqual([fileUrl('fil_1', 'Invoice #12.pdf')]);
    expect(attachments.imageUrls).toEqual([fileUrl('fil_2', 'Colour #3?.png')]);
    expect(attachments.fileUrls).toEqual([]);
  });
});
