import { inflateSync } from 'node:zlib';
import {
  BinaryBitmap,
  Code128Reader,
  DecodeHintType,
  HybridBinarizer,
  RGBLuminanceSource,
} from '@zxing/library';
import fc from 'fast-check';
import { PDFDict, PDFDocument, PDFName, type PDFNumber, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { LabelAddress, LabelParcel } from '@atelier/contract/fulfillment/shipment';
import {
  billableWeightLb,
  checkParcel,
  createLocalLabels,
  isTrackingNumber,
  labelAddressIssues,
  localQuotes,
  newTrackingNumber,
  parcelGrams,
  zoneOf,
} from './local-labels';
import { LABEL_HEIGHT_PT, LABEL_WIDTH_PT, renderLabelPdf } from './label-document';

/** A small reference: the US with three states and its ZIP format, and Japan without states. */
const reference = {
  async findCountry(code: string) {
    return {
      US: { code: 'US', name: 'United States of America', postalCodeRegex: '\\d{5}(-\\d{4})?' },
      JP: { code: 'JP', name: 'Japan', postalCodeRegex: '\\d{3}-\\d{4}' },
    }[code];
  },
  async listStates(code: string) {
    return code === 'US'
      ? [
          { code: 'CA', name: 'California' },
          { code: 'NC', name: 'North Carolina' },
          { code: 'NY', name: 'New York' },
        ]
      : [];
  },
};

const address = (patch: Partial<LabelAddress> = {}): LabelAddress => ({
  name: 'Jane Doe',
  email: null,
  company: null,
  addressLine1: '120 Main St',
  addressLine2: null,
  city: 'Raleigh',
  state: null,
  stateCode: 'NC',
  zipCode: '27601',
  phone: null,
  country: 'United States of America',
  countryCode: 'US',
  ...patch,
});
const parcel = (patch: Partial<LabelParcel> = {}): LabelParcel => ({
  weight: 2,
  massUnit: 'lb',
  length: 10,
  width: 8,
  height: 4,
  distanceUnit: 'in',
  ...patch,
});

/** The barcode image of a label PDF's page, decoded with a Code 128 reader. */
const decodeBarcode = async (pdf: Uint8Array): Promise<string> => {
  const document = await PDFDocument.load(pdf);
  const resources = document.getPages()[0]!.node.Resources()!;
  const xObjects = resources.lookup(PDFName.of('XObject'), PDFDict);
  const images = xObjects
    .values()
    .map((ref) => document.context.lookup(ref))
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream)
    .filter((stream) => stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
  expect(images).toHaveLength(1);
  const image = images[0]!;
  const number = (key: string) => (image.dict.get(PDFName.of(key)) as PDFNumber).asNumber();
  const [width, height] = [number('Width'), number('Height')];
  expect(number('BitsPerComponent')).toBe(8);
  const raw = inflateSync(Buffer.from(image.contents));
  const channels = raw.length / (width * height);
  expect([1, 3]).toContain(channels);
  const luminance = new Uint8ClampedArray(width * height);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    let sum = 0;
    for (let channel = 0; channel < channels; channel += 1) sum += raw[pixel * channels + channel]!;
    luminance[pixel] = sum / channels;
  }
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)),
  );
  const hints = new Map([[DecodeHintType.TRY_HARDER, true]]);
  return new Code128Reader().decode(bitmap, hints).getText();
};

describe('the local label (issue 15)', () => {
  it('is a one-page 4×6 in PDF whose Code 128 barcode decodes back to the tracking number', async () => {
    const labels = createLocalLabels({ reference });
    const bought = await labels.buy({
      from: address({ name: 'Atelier Fulfillment Center', zipCode: '27560' }),
      to: address({ name: 'Sam Lee', city: 'New York', stateCode: 'NY', zipCode: '10110' }),
      parcel: parcel(),
      serviceLevel: 'Ground',
      reference: 'SHP-000001',
    });
    expect(isTrackingNumber(bought.trackingNumber)).toBe(true);
    const document = await PDFDocument.load(bought.pdf);
    expect(document.getPages().map((page) => page.getSize())).toEqual([
      { width: LABEL_WIDTH_PT, height: LABEL_HEIGHT_PT },
    ]);
    expect([LABEL_WIDTH_PT / 72, LABEL_HEIGHT_PT / 72]).toEqual([4, 6]);
    expect(await decodeBarcode(bought.pdf)).toBe(bought.trackingNumber);
  });

  it('prints names Helvetica cannot (Chinese, emoji) without failing, and still decodes', async () => {
    const pdf = await renderLabelPdf({
      from: address({ name: '上海织造有限公司 🧵' }),
      to: address({ name: 'Zoë Ødegaard — 山田' }),
      carrier: 'Atelier Local Post',
      serviceLevel: 'Priority',
      trackingNumber: 'AT123456789012345678',
      weightText: '1 lb',
      reference: 'SHP-000002',
      shipDate: '2026-11-28T12:00:00.000Z',
    });
    expect(await decodeBarcode(pdf)).toBe('AT123456789012345678');
  });
});

describe('local rates, parcels and addresses', () => {
  it('converts weights exactly at 453.59237 g per lb', () => {
    expect(parcelGrams({ weight: 1, massUnit: 'lb' })).toBe(453.59237);
    expect(parcelGrams({ weight: 16, massUnit: 'oz' })).toBeCloseTo(453.59237, 10);
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 150, noNaN: true }), (pounds) => {
        const grams = parcelGrams({ weight: pounds, massUnit: 'lb' });
        expect(parcelGrams({ weight: grams, massUnit: 'g' })).toBe(grams);
        expect(parcelGrams({ weight: grams / 1000, massUnit: 'kg' })).toBeCloseTo(grams, 6);
      }),
    );
  });

  it('refuses a parcel of 0 lb or 10,000 lb, and a side over 108 in', () => {
    expect(checkParcel(parcel()).issues).toEqual([]);
    expect(checkParcel(parcel({ weight: 150 })).issues).toEqual([]);
    expect(checkParcel(parcel({ weight: 10_000 })).issues).toEqual([
      {
        field: 'parcel.weight',
        message:
          'A parcel weighs at most 150 lb; this one weighs 10000 lb. Book freight for heavier goods.',
      },
    ]);
    expect(checkParcel(parcel({ weight: 0 })).issues[0]?.field).toBe('parcel.weight');
    expect(checkParcel(parcel({ weight: 68_100, massUnit: 'g' })).issues[0]?.field).toBe(
      'parcel.weight',
    );
    expect(checkParcel(parcel({ length: 300, distanceUnit: 'cm' })).issues).toEqual([
      { field: 'parcel.length', message: 'A side is at most 108 in.' },
    ]);
  });

  it('charges the dimensional weight when it is more than the actual one', () => {
    expect(billableWeightLb(parcel({ weight: 0.2 }))).toBe(3); // 320 in³ / 139 = 2.3 lb
    expect(billableWeightLb(parcel({ weight: 4.01 }))).toBe(5);
    expect(billableWeightLb(parcel({ weight: 1, length: 2, width: 2, height: 2 }))).toBe(1);
  });

  it('never charges less for a heavier parcel or a farther zone, and quotes cheapest first', () => {
    const zips = ['02108', '10110', '27601', '33101', '60601', '75201', '80202', '94105', '98101'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zips),
        fc.constantFrom(...zips),
        fc.integer({ min: 1, max: 149 }),
        (fromZip, toZip, pounds) => {
          const from = address({ zipCode: fromZip });
          const to = address({ zipCode: toZip });
          const light = localQuotes({ from, to, parcel: parcel({ weight: pounds }) });
          const heavy = localQuotes({ from, to, parcel: parcel({ weight: pounds + 1 }) });
          const amounts = light.map((quote) => quote.amount);
          expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
          for (const quote of light) {
            const same = heavy.find((one) => one.serviceLevel === quote.serviceLevel)!;
            expect(same.amount).toBeGreaterThanOrEqual(quote.amount);
            expect(Number.isInteger(quote.amount)).toBe(true);
          }
          const zone = zoneOf(from, to);
          expect(zone).toBeGreaterThanOrEqual(1);
          expect(zone).toBeLessThanOrEqual(8);
        },
      ),
    );
    const abroad = localQuotes({
      from: address(),
      to: address({ countryCode: 'JP', stateCode: null, zipCode: '100-0001' }),
      parcel: parcel(),
    });
    expect(abroad.map((quote) => [quote.serviceLevel, quote.zone])).toEqual([
      ['International Standard', 9],
      ['International Express', 9],
    ]);
  });

  it('makes tracking numbers with a check digit, all different', () => {
    const numbers = Array.from({ length: 500 }, newTrackingNumber);
    expect(new Set(numbers).size).toBe(500);
    expect(numbers.every(isTrackingNumber)).toBe(true);
    const [first] = numbers;
    const broken = `${first!.slice(0, -1)}${(Number(first!.at(-1)) + 1) % 10}`;
    expect(isTrackingNumber(broken)).toBe(false);
  });

  it('checks an address against the country and state data, with the draft’s field names', async () => {
    expect(await labelAddressIssues(address(), 'toAddress', reference)).toEqual([]);
    const issues = await labelAddressIssues(
      address({ stateCode: 'ZZ', zipCode: '2760', addressLine1: '' }),
      'toAddress',
      reference,
    );
    expect(issues.map((issue) => issue.field)).toEqual([
      'toAddress.addressLine1',
      'toAddress.stateCode',
      'toAddress.zipCode',
    ]);
    expect(issues[1]!.message).toBe('ZZ is not a state or province of United States of America.');
    expect(
      await labelAddressIssues(
        address({ countryCode: 'JP', stateCode: null, zipCode: '100-0001' }),
        '',
        reference,
      ),
    ).toEqual([]);
  });
});
