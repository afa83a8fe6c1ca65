import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabelAddress, LabelParcel } from '@atelier/contract/fulfillment/shipment';
import { ConfigError, loadConfig } from '@/config';
import { startShippoFake, type ShippoFake } from './shippo-fake';
import { createShippingProvider } from './shipping-provider-factory';

const reference = {
  async findCountry(code: string) {
    return code === 'US'
      ? { code: 'US', name: 'United States of America', postalCodeRegex: '\\d{5}(-\\d{4})?' }
      : undefined;
  },
  async listStates(code: string) {
    return code === 'US'
      ? [
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
const parcel: LabelParcel = {
  weight: 1,
  massUnit: 'lb',
  length: 6,
  width: 6,
  height: 6,
  distanceUnit: 'in',
};
const input = {
  from: address(),
  to: address({ city: 'New York', stateCode: 'NY', zipCode: '10036' }),
  parcel,
};

describe('createShippingProvider', () => {
  let fake: ShippoFake;
  beforeAll(async () => {
    fake = await startShippoFake();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('is the local provider, offline, without a Shippo key', async () => {
    const provider = createShippingProvider({ reference });
    expect(provider.providerName).toBe('local');
    const quotes = await provider.quote(input);
    expect(quotes.map((quote) => [quote.serviceLevel, quote.carrier, quote.zone])).toEqual([
      ['Ground', 'Atelier Local Post', 3],
      ['Priority', 'Atelier Local Post', 3],
      ['Express', 'Atelier Local Post', 3],
    ]);
    expect(fake.requests).toEqual([]);
  });

  it('is the Shippo adapter with a Shippo key', async () => {
    const provider = createShippingProvider({
      shippo: { apiKey: fake.apiKey, apiBaseUrl: fake.url },
      reference,
    });
    expect(provider.providerName).toBe('shippo');
    expect((await provider.quote(input))[0]?.carrier).toBe('USPS');
    expect(fake.requests.map((request) => request.path)).toEqual(['/shipments/']);
  });

  it('reads SHIPPO_API_KEY and SHIPPO_API_BASE_URL from the environment', () => {
    expect(loadConfig({}).SHIPPO_API_KEY).toBeUndefined();
    expect(loadConfig({}).SHIPPO_API_BASE_URL).toBe('https://api.goshippo.com');
    const config = loadConfig({
      SHIPPO_API_KEY: 'shippo_test_123',
      SHIPPO_API_BASE_URL: 'http://127.0.0.1:4020',
    });
    expect([config.SHIPPO_API_KEY, config.SHIPPO_API_BASE_URL]).toEqual([
      'shippo_test_123',
      'http://127.0.0.1:4020',
    ]);
    expect(() => loadConfig({ SHIPPO_API_BASE_URL: 'not a url' })).toThrow(ConfigError);
  });
});
