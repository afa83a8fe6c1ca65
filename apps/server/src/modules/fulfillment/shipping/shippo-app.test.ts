import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fulfillmentEndpoints as api,
  SHIPMENT_LABEL_PATH,
} from '@atelier/contract/fulfillment/fulfillment-api';
import type { Shipment, ShippingRate } from '@atelier/contract/fulfillment/shipment';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { createTestAppWithDataDir, type TestContext } from '@/testing/test-app';
import { startShippoFake, type ShippoFake } from './shippo-fake';
import { PARCEL } from '@/testing/fulfillment-fixtures';

// The whole app with SHIPPO_API_KEY set: rates and labels come from Shippo (a local fake of its
// REST API), not from the local rate table.
let fake: ShippoFake;
let context: TestContext;
let alice: StoreAccount;

const FROM = {
  name: 'Alice Studio',
  addressLine1: '1 Market St',
  city: 'San Francisco',
  stateCode: 'CA',
  zipCode: '94105',
};
const TO = {
  name: 'Sam Lee',
  addressLine1: '500 5th Ave',
  city: 'New York',
  stateCode: 'NY',
  zipCode: '10110',
};

beforeAll(async () => {
  fake = await startShippoFake();
  context = await createTestAppWithDataDir('atelier-shippo-', {
    SHIPPO_API_KEY: fake.apiKey,
    SHIPPO_API_BASE_URL: fake.url,
  });
  await context.reference.seedReferenceData();
  alice = await registerAccount(context);
});

afterAll(async () => {
  await context?.close();
  await fake?.close();
});

describe('fulfillment labels with SHIPPO_API_KEY set', () => {
  it('quotes Shippo’s carriers and buys the label from Shippo', async () => {
    const rates = await context.app.inject({
      method: 'POST',
      url: api.quoteRates.path,
      headers: alice.headers,
      payload: { fromAddress: FROM, toAddress: TO, parcel: PARCEL },
    });
    expect(rates.statusCode, rates.body).toBe(200);
    const quotes = rates.json<{ items: ShippingRate[] }>().items;
    expect(quotes.length).toBeGreaterThan(0);
    expect(quotes.every((rate) => rate.carrier !== 'Atelier Local Post')).toBe(true);

    const created = await context.app.inject({
      method: 'POST',
      url: api.createLabel.path,
      headers: alice.headers,
      payload: {
        fromAddress: FROM,
        toAddress: TO,
        parcel: PARCEL,
        serviceLevel: quotes[0]!.serviceLevel,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const sn = created.json<Shipment>().sn;

    let shipment: Shipment | undefined;
    for (let round = 0; round < 400; round += 1) {
      const response = await context.app.inject({
        method: 'GET',
        url: api.getShipment.path.replace(':sn', sn),
        headers: alice.headers,
      });
      shipment = response.json<Shipment>();
      if (shipment.labelStatus !== 'PENDING') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(shipment).toMatchObject({
      labelStatus: 'READY',
      provider: 'shippo',
      carrier: quotes[0]!.carrier,
    });
    expect(fake.requests.map((request) => request.path)).toContain('/transactions/');

    const pdf = await context.app.inject({
      method: 'GET',
      url: SHIPMENT_LABEL_PATH.replace(':sn', sn),
      headers: alice.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBeGreaterThan(0);
  });
});
