import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabelAddress, LabelParcel } from '@atelier/contract/fulfillment/shipment';
import type { LabelPort } from '../shipment.service';
import { LABEL_HEIGHT_PT, LABEL_WIDTH_PT } from './label-document';
import { fromShippoAmount, shippoIssuesOf, toShippoAmount } from './shippo-common';
import { startShippoFake, type ShippoFake } from './shippo-fake';
import { createShippoShippingProvider } from './shippo-shipping-provider';
import { ShippingProviderError } from './shipping-provider-error';

/** A small reference: the US and Canada with some of their states, Great Britain without. */
const reference = {
  async findCountry(code: string) {
    return {
      US: { code: 'US', name: 'United States of America', postalCodeRegex: '\\d{5}(-\\d{4})?' },
      CA: { code: 'CA', name: 'Canada', postalCodeRegex: '[A-Z]\\d[A-Z] ?\\d[A-Z]\\d' },
      GB: {
        code: 'GB',
        name: 'United Kingdom',
        postalCodeRegex: '[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}',
      },
    }[code];
  },
  async listStates(code: string) {
    if (code === 'US') {
      return [
        { code: 'CA', name: 'California' },
        { code: 'NC', name: 'North Carolina' },
        { code: 'NY', name: 'New York' },
      ];
    }
    return code === 'CA' ? [{ code: 'ON', name: 'Ontario' }] : [];
  },
};

const address = (patch: Partial<LabelAddress> = {}): LabelAddress => ({
  name: 'Atelier Fulfillment Center',
  email: null,
  company: null,
  addressLine1: '2100 Airport Blvd',
  addressLine2: null,
  city: 'Morrisville',
  state: 'North Carolina',
  stateCode: 'NC',
  zipCode: '27560',
  phone: null,
  country: 'United States of America',
  countryCode: 'US',
  ...patch,
});
const customer = (patch: Partial<LabelAddress> = {}) =>
  address({
    name: 'Sam Lee',
    addressLine1: '1 Bryant Park',
    addressLine2: 'Floor 12',
    city: 'New York',
    state: null,
    stateCode: 'NY',
    zipCode: '10036',
    email: 'sam@example.com',
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

/** The `ShippingProviderError` a promise rejects with. */
const rejectionOf = async (promise: Promise<unknown>): Promise<ShippingProviderError> => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ShippingProviderError);
  return error as ShippingProviderError;
};

let referenceSequence = 0;
const nextReference = () => `SHP-${String((referenceSequence += 1)).padStart(6, '0')}`;

describe('Shippo amounts and refusals', () => {
  it('turns decimal string amounts into integer minor units exactly', () => {
    expect(fromShippoAmount('10.10', 'USD')).toBe(1010);
    // Floating point gives 114.99999999999999 and 434.99999999999994 for these.
    expect(fromShippoAmount('1.15', 'USD')).toBe(115);
    expect(fromShippoAmount('4.35', 'USD')).toBe(435);
    expect(fromShippoAmount('7', 'USD')).toBe(700);
    expect(fromShippoAmount('7.5', 'USD')).toBe(750);
    expect(fromShippoAmount('7.1200', 'USD')).toBe(712);
    expect(fromShippoAmount('7.125', 'USD')).toBe(713);
    expect(fromShippoAmount('500', 'JPY')).toBe(500);
    expect(fromShippoAmount('1.234', 'KWD')).toBe(1234);
    expect(() => fromShippoAmount('ten', 'USD')).toThrow(ShippingProviderError);
    expect(() => fromShippoAmount('-1.00', 'USD')).toThrow(ShippingProviderError);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.constantFrom('USD', 'EUR', 'JPY', 'KWD'),
        (amount, currencyCode) => {
          expect(fromShippoAmount(toShippoAmount(amount, currencyCode), currencyCode)).toBe(amount);
        },
      ),
    );
  });

  it('names the draft’s fields in Shippo’s refusals', () => {
    expect(
      shippoIssuesOf({
        address_to: { zip: ['Enter a valid ZIP code.'], street1: ['This field is required.'] },
        parcels: [{ weight: ['Must be more than 0.'] }],
        rate: ['Rate abc does not exist.'],
      }),
    ).toEqual([
      { field: 'toAddress.zipCode', message: 'Enter a valid ZIP code.' },
      { field: 'toAddress.addressLine1', message: 'This field is required.' },
      { field: 'parcel.weight', message: 'Must be more than 0.' },
      { field: 'serviceLevel', message: 'Rate abc does not exist.' },
    ]);
    expect(shippoIssuesOf({ detail: 'Invalid token.' })).toEqual([
      { field: 'body', message: 'Invalid token.' },
    ]);
    expect(
      shippoIssuesOf({ messages: [{ source: 'UPS', code: 'x', text: 'No service.' }] }),
    ).toEqual([{ field: 'body', message: 'UPS: No service.' }]);
  });
});

describe('Shippo adapter against the local fake of its API', () => {
  let fake: ShippoFake;
  let shippo: LabelPort;
  /** Every exchange the adapter made: url and whether it sent the token. */
  const seen: { url: string; hasToken: boolean }[] = [];

  beforeAll(async () => {
    fake = await startShippoFake({ rateAmounts: { usps_ground_advantage: '10.10' } });
    shippo = createShippoShippingProvider({
      apiKey: fake.apiKey,
      apiBaseUrl: fake.url,
      reference,
      pollIntervalMs: 1,
      fetch: async (url, init) => {
        const headers = new Headers(init?.headers);
        const href = url instanceof Request ? url.url : url.toString();
        seen.push({ url: href, hasToken: headers.has('authorization') });
        return fetch(url, init);
      },
    });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('checks an address against the reference data, then with Shippo, once per address', async () => {
    expect(await shippo.addressIssues(customer(), 'toAddress')).toEqual([]);
    const before = fake.requests.length;
    expect(await shippo.addressIssues(customer(), 'toAddress')).toEqual([]);
    expect(fake.requests.length).toBe(before);

    // Refused before Shippo is asked: a state the US does not have.
    const unknownState = await shippo.addressIssues(customer({ stateCode: 'ZZ' }), 'toAddress');
    expect(unknownState).toEqual([
      {
        field: 'toAddress.stateCode',
        message: 'ZZ is not a state or province of United States of America.',
      },
    ]);
    expect(fake.requests.length).toBe(before);

    const unknownStreet = await shippo.addressIssues(customer({ zipCode: '00000' }), 'toAddress');
    expect(unknownStreet).toEqual([
      {
        field: 'toAddress',
        message:
          "The carrier's address check did not find this address (USPS: The address as submitted could not be found.).",
      },
    ]);
    const check = fake.requests.at(-1)!;
    expect(check).toMatchObject({
      method: 'POST',
      path: '/addresses/',
      authorization: `ShippoToken ${fake.apiKey}`,
      body: {
        street1: '1 Bryant Park',
        street2: 'Floor 12',
        zip: '00000',
        state: 'NY',
        validate: true,
      },
    });
  });

  it('quotes the carriers’ rates in integer minor units, cheapest first, one per service', async () => {
    const quotes = await shippo.quote({ from: address(), to: customer(), parcel: parcel() });
    expect(quotes.map((quote) => quote.serviceLevel)).toEqual([
      'USPS Ground Advantage',
      'USPS Priority Mail',
      'UPS Next Day Air',
    ]);
    expect(quotes[0]).toEqual({
      serviceLevel: 'USPS Ground Advantage',
      carrier: 'USPS',
      amount: 1010,
      currencyCode: 'USD',
      estimatedDays: 3,
      zone: null,
    });
    for (const quote of quotes) expect(Number.isInteger(quote.amount)).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/shipments/',
      body: {
        address_from: { street1: '2100 Airport Blvd', zip: '27560', state: 'NC', country: 'US' },
        address_to: { name: 'Sam Lee', zip: '10036', email: 'sam@example.com' },
        parcels: [
          {
            length: '10',
            width: '8',
            height: '4',
            distance_unit: 'in',
            weight: '2',
            mass_unit: 'lb',
          },
        ],
        async: false,
      },
    });
  });

  it('buys a 4×6 in PDF label and fetches it without sending the token there', async () => {
    const shipmentSn = nextReference();
    const bought = await shippo.buy({
      from: address(),
      to: customer({ name: '山田 太郎 🎁' }),
      parcel: parcel({ weight: 900, massUnit: 'g', distanceUnit: 'cm', length: 30 }),
      serviceLevel: 'USPS Priority Mail',
      reference: shipmentSn,
    });
    expect(bought.carrier).toBe('USPS');
    expect(bought.trackingNumber).toMatch(/^9400\d{18}$/);
    const document = await PDFDocument.load(bought.pdf);
    expect(document.getPages().map((page) => page.getSize())).toEqual([
      { width: LABEL_WIDTH_PT, height: LABEL_HEIGHT_PT },
    ]);
    expect(fake.labels().filter((label) => label.metadata === shipmentSn)).toHaveLength(1);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/transactions/',
      body: { label_file_type: 'PDF_4x6', async: false, metadata: shipmentSn },
    });
    const download = seen.at(-1)!;
    expect(download.url).toMatch(/\/labels\/[0-9a-f]+\.pdf$/);
    expect(download.hasToken).toBe(false);
  });

  it('waits while Shippo queues a label, and a retry fetches it instead of buying again', async () => {
    fake.queueLabels(2);
    const queued = await shippo.buy({
      from: address(),
      to: customer(),
      parcel: parcel(),
      serviceLevel: 'USPS Ground Advantage',
      reference: nextReference(),
    });
    expect(queued.trackingNumber).toMatch(/^9400/);
    expect(fake.requests.filter((request) => request.method === 'GET')).toHaveLength(2);

    const impatient = createShippoShippingProvider({
      apiKey: fake.apiKey,
      apiBaseUrl: fake.url,
      reference,
      pollIntervalMs: 1,
      maxPolls: 1,
    });
    fake.queueLabels(3);
    const shipment = nextReference();
    const input = {
      from: address(),
      to: customer(),
      parcel: parcel(),
      serviceLevel: 'UPS Next Day Air',
      reference: shipment,
    };
    const pending = await rejectionOf(impatient.buy(input));
    expect(pending).toMatchObject({ code: 'unavailable', reason: 'shipping_provider_error' });
    expect(pending.message).toContain('not bought twice');
    fake.queueLabels(0);
    const later = await impatient.buy(input);
    expect(fake.labels().filter((label) => label.metadata === shipment)).toEqual([
      expect.objectContaining({ trackingNumber: later.trackingNumber }),
    ]);
  });

  it('refuses a service not offered with a 400 naming serviceLevel', async () => {
    const error = await rejectionOf(
      shippo.buy({
        from: address(),
        to: customer(),
        parcel: parcel(),
        serviceLevel: 'Pigeon Post',
        reference: nextReference(),
      }),
    );
    expect(error).toMatchObject({ code: 'bad_request', reason: 'shipping_service_unavailable' });
    expect(error.status).toBe(400);
    expect(error.details).toEqual([
      {
        field: 'serviceLevel',
        message:
          'Pigeon Post is not offered for this parcel now; choose one of USPS Ground Advantage, USPS Priority Mail, UPS Next Day Air.',
      },
    ]);
  });

  it('says when the carrier refuses a label, and buys it once the carrier accepts', async () => {
    fake.refuseLabels('The destination ZIP is not served on Saturdays.');
    const input = {
      from: address(),
      to: customer(),
      parcel: parcel(),
      serviceLevel: 'USPS Priority Mail',
      reference: nextReference(),
    };
    const error = await rejectionOf(shippo.buy(input));
    fake.refuseLabels(null);
    expect(error).toMatchObject({ code: 'unprocessable', reason: 'shipping_label_refused' });
    expect(error.message).toBe(
      'The carrier refused to issue this label (USPS: The destination ZIP is not served on Saturdays.); nothing was bought.',
    );
    expect((await shippo.buy(input)).trackingNumber).toMatch(/^9400/);
  });

  it('passes on the carriers’ reason when no service is offered', async () => {
    fake.offerNoRates('Parcel exceeds the maximum size.');
    const error = await rejectionOf(
      shippo.quote({ from: address(), to: customer(), parcel: parcel() }),
    );
    fake.offerNoRates(null);
    expect(error).toMatchObject({ code: 'bad_request', reason: 'shipping_service_unavailable' });
    expect(error.message).toBe(
      'No carrier offers a service for this parcel: USPS: Parcel exceeds the maximum size.',
    );
  });

  it('turns Shippo’s refusals and failures into clear errors, never a crash', async () => {
    const input = { from: address(), to: customer(), parcel: parcel() };
    fake.failNext(400, { body: { address_to: { zip: ['Enter a valid ZIP code.'] } } });
    const refused = await rejectionOf(shippo.quote(input));
    expect(refused).toMatchObject({
      code: 'bad_request',
      reason: 'shipping_provider_rejected',
      message: 'Shippo refused the request: Enter a valid ZIP code.',
      details: [{ field: 'toAddress.zipCode', message: 'Enter a valid ZIP code.' }],
    });
    expect(refused.status).toBe(400);

    fake.failNext(500);
    expect(await rejectionOf(shippo.quote(input))).toMatchObject({
      code: 'unavailable',
      reason: 'shipping_provider_error',
    });
    fake.failNext(429);
    expect(await rejectionOf(shippo.quote(input))).toMatchObject({
      code: 'unavailable',
      reason: 'shipping_provider_busy',
    });
    fake.failNext(502, { body: '<html>Bad gateway</html>' });
    expect(await rejectionOf(shippo.quote(input))).toMatchObject({
      reason: 'shipping_provider_error',
    });
    expect((await shippo.quote(input)).length).toBeGreaterThan(0);
  });

  it('says the server is misconfigured when Shippo refuses the key', async () => {
    const wrongKey = createShippoShippingProvider({
      apiKey: 'shippo_test_wrong',
      apiBaseUrl: fake.url,
      reference,
    });
    const error = await rejectionOf(
      wrongKey.quote({ from: address(), to: customer(), parcel: parcel() }),
    );
    expect(error).toMatchObject({ code: 'unavailable', reason: 'shipping_provider_misconfigured' });
    expect(error.message).toBe(
      'Shipping labels are not set up correctly on this server: Shippo refused its API key.',
    );
    expect(fake.requests.at(-1)?.authorization).toBe('ShippoToken shippo_test_wrong');
  });

  it('says Shippo cannot be reached when nothing answers', async () => {
    const unreachable = createShippoShippingProvider({
      apiKey: fake.apiKey,
      apiBaseUrl: 'http://127.0.0.1:1',
      reference,
      timeoutMs: 2_000,
    });
    const error = await rejectionOf(
      unreachable.addressIssues(customer({ addressLine1: '5 Elm St' }), 'toAddress'),
    );
    expect(error).toMatchObject({ code: 'unavailable', reason: 'shipping_provider_unreachable' });
  });

  it('checks parcels with the local limits (0 lb and 10,000 lb refused)', () => {
    expect(shippo.checkParcel(parcel()).issues).toEqual([]);
    expect(shippo.checkParcel(parcel({ weight: 0 })).issues[0]?.field).toBe('parcel.weight');
    expect(shippo.checkParcel(parcel({ weight: 10_000 })).issues[0]?.message).toContain(
      'at most 150 lb',
    );
  });
});
