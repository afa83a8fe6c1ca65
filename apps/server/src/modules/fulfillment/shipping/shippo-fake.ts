import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LabelParcel } from '@atelier/contract/fulfillment/shipment';
import { renderLabelPdf } from './label-document';
import { localQuotes } from './local-labels';
import {
  fromShippoAddress,
  SHIPPO_LABEL_FILE_TYPE,
  toShippoAmount,
  type ShippoAddressInput,
  type ShippoMessage,
  type ShippoParcelInput,
  type ShippoRate,
} from './shippo-common';

/** One request the fake received, as sent (`authorization` is the header's value). */
export type ShippoFakeRequest = {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
};

/** A running fake: point the adapter's `apiBaseUrl` at `url` with `apiKey`. */
export type ShippoFake = {
  url: string;
  apiKey: string;
  requests: ShippoFakeRequest[];
  close(): Promise<void>;
  /** The next `count` API calls answer `status` with `body` (Shippo's `{ detail }` by default). */
  failNext(status: number, options?: { count?: number; body?: unknown }): void;
  /** While set, label purchases end in ERROR with this carrier message. */
  refuseLabels(text: string | null): void;
  /** Labels bought from now on stay QUEUED for this many looks (GET /transactions/{id}). */
  queueLabels(looks: number): void;
  /** While set, shipments get no rates, only this carrier message. */
  offerNoRates(text: string | null): void;
  /** Every label bought (SUCCESS), oldest first. */
  labels(): { transactionId: string; trackingNumber: string; rateId: string; metadata: string }[];
};

type Reply = { status: number; body: unknown; contentType?: string };
type Transaction = {
  object_id: string;
  status: 'QUEUED' | 'SUCCESS' | 'ERROR';
  rate: string;
  tracking_number: string | null;
  label_url: string | null;
  messages: ShippoMessage[];
  metadata: string;
  looksLeft: number;
};

/** Shippo object ids: 32 hex digits. */
const objectId = () => randomBytes(16).toString('hex');

/** The local table's services, named as a carrier would sell them on Shippo. */
const CARRIER_SERVICES: Record<string, { provider: string; name: string; token: string }> = {
  Ground: { provider: 'USPS', name: 'Ground Advantage', token: 'usps_ground_advantage' },
  Priority: { provider: 'USPS', name: 'Priority Mail', token: 'usps_priority' },
  Express: { provider: 'UPS', name: 'Next Day Air', token: 'ups_next_day_air' },
  'International Standard': {
    provider: 'USPS',
    name: 'Priority Mail International',
    token: 'usps_priority_mail_international',
  },
  'International Express': {
    provider: 'DHL Express',
    name: 'Express Worldwide',
    token: 'dhl_express_worldwide',
  },
};

const required = (fields: Record<string, unknown>, names: string[]) =>
  Object.fromEntries(
    names.filter((name) => !fields[name]).map((name) => [name, ['This field is required.']]),
  );

const readJson = async (request: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : {};
};

/**
 * A local fake of the parts of Shippo's REST API the adapter uses (docs.goshippo.com), in its
 * documented wire format: `Authorization: ShippoToken <key>` (401 `{ detail }` otherwise); POST
 * /addresses/ with `validate` (a US address is invalid when its ZIP is 00000 or its street does
 * not start with a number); POST /shipments/ with `async: false` answering rates from the local
 * rate table as USPS, UPS and DHL Express services (decimal string amounts in USD; one
 * duplicate, dearer USPS Priority Mail from a second carrier account; `rateAmounts` sets a
 * token's amount); POST /transactions/ (`rate`, `label_file_type` PDF_4x6) and GET
 * /transactions/{id}; and `label_url` serving a real 4×6 in PDF (label-document.ts, marked as a
 * fake) without a token, as Shippo's signed storage links do. DRF-style 400 bodies for missing
 * fields. Listens on 127.0.0.1 on a free port; for tests only, never the network.
 */
export const startShippoFake = async (
  options: { apiKey?: string; rateAmounts?: Record<string, string> } = {},
): Promise<ShippoFake> => {
  const apiKey = options.apiKey ?? 'shippo_test_atelier_fake';
  const requests: ShippoFakeRequest[] = [];
  const rates = new Map<
    string,
    {
      rate: ShippoRate;
      to: ShippoAddressInput;
      from: ShippoAddressInput;
      parcel: ShippoParcelInput;
    }
  >();
  const transactions = new Map<string, Transaction>();
  const pdfs = new Map<string, Uint8Array>();
  let failures: { status: number; count: number; body: unknown } | null = null;
  let refusal: string | null = null;
  let noRates: string | null = null;
  let queuedLooks = 0;
  let url = '';

  const createAddress = (body: ShippoAddressInput & { validate?: boolean }): Reply => {
    const missing = required(body, ['country']);
    if (Object.keys(missing).length > 0) return { status: 400, body: missing };
    const isUnknown =
      body.country === 'US' && (body.zip === '00000' || !/^\d/.test(body.street1 ?? ''));
    const messages: ShippoMessage[] = isUnknown
      ? [
          {
            source: 'USPS',
            code: 'Unknown Street',
            type: 'address_error',
            text: 'The address as submitted could not be found.',
          },
        ]
      : [];
    return {
      status: 201,
      body: {
        ...body,
        object_id: objectId(),
        is_complete: true,
        validation_results: body.validate ? { is_valid: !isUnknown, messages } : {},
        test: true,
      },
    };
  };

  const createShipment = (body: {
    address_from?: ShippoAddressInput;
    address_to?: ShippoAddressInput;
    parcels?: ShippoParcelInput[];
  }): Reply => {
    const parcel = body.parcels?.[0];
    const missing = {
      ...required(body, ['address_from', 'address_to']),
      ...(parcel ? {} : { parcels: ['This field is required.'] }),
    };
    if (Object.keys(missing).length > 0) return { status: 400, body: missing };
    const { address_from: from, address_to: to } = body as Required<typeof body>;
    const parcelErrors = required(parcel!, [
      'weight',
      'mass_unit',
      'length',
      'width',
      'height',
      'distance_unit',
    ]);
    if (Object.keys(parcelErrors).length > 0)
      return { status: 400, body: { parcels: [parcelErrors] } };
    const shipmentId = objectId();
    if (noRates) {
      const messages = [{ source: 'USPS', code: '', text: noRates }];
      return {
        status: 201,
        body: { object_id: shipmentId, status: 'SUCCESS', rates: [], messages },
      };
    }
    const labelParcel: LabelParcel = {
      weight: Number(parcel!.weight),
      massUnit: parcel!.mass_unit as LabelParcel['massUnit'],
      length: Number(parcel!.length),
      width: Number(parcel!.width),
      height: Number(parcel!.height),
      distanceUnit: parcel!.distance_unit as LabelParcel['distanceUnit'],
    };
    const quotes = localQuotes({
      from: fromShippoAddress(from),
      to: fromShippoAddress(to),
      parcel: labelParcel,
    });
    const carrierAccount = objectId();
    const shipmentRates = quotes.flatMap((quote) => {
      const service = CARRIER_SERVICES[quote.serviceLevel];
      if (!service) return [];
      const rate = (amount: number, account: string): ShippoRate & Record<string, unknown> => ({
        object_id: objectId(),
        shipment: shipmentId,
        amount: options.rateAmounts?.[service.token] ?? toShippoAmount(amount, 'USD'),
        currency: 'USD',
        amount_local: toShippoAmount(amount, 'USD'),
        currency_local: 'USD',
        provider: service.provider,
        servicelevel: { name: service.name, token: service.token, terms: '' },
        estimated_days: quote.estimatedDays,
        duration_terms: '',
        carrier_account: account,
        attributes: [],
        messages: [],
        zone: String(quote.zone),
        test: true,
      });
      const offered = [rate(quote.amount, carrierAccount)];
      // A second carrier account's dearer copy of the same service.
      if (service.token === 'usps_priority') offered.push(rate(quote.amount + 150, objectId()));
      return offered;
    });
    for (const rate of shipmentRates)
      rates.set(rate.object_id, { rate, from, to, parcel: parcel! });
    return {
      status: 201,
      body: {
        object_id: shipmentId,
        status: 'SUCCESS',
        address_from: from,
        address_to: to,
        parcels: [parcel],
        rates: shipmentRates,
        messages: [],
        test: true,
      },
    };
  };

  const createTransaction = async (body: {
    rate?: string;
    label_file_type?: string;
    metadata?: string;
  }): Promise<Reply> => {
    const missing = required(body, ['rate']);
    if (Object.keys(missing).length > 0) return { status: 400, body: missing };
    const bought = rates.get(body.rate!);
    if (!bought) return { status: 400, body: { rate: [`Rate ${body.rate} does not exist.`] } };
    if (body.label_file_type && body.label_file_type !== SHIPPO_LABEL_FILE_TYPE) {
      return { status: 400, body: { label_file_type: ['This fake makes PDF_4x6 labels only.'] } };
    }
    const id = objectId();
    const transaction: Transaction = {
      object_id: id,
      status: refusal ? 'ERROR' : queuedLooks > 0 ? 'QUEUED' : 'SUCCESS',
      rate: body.rate!,
      tracking_number: null,
      label_url: null,
      messages: refusal ? [{ source: bought.rate.provider, code: '', text: refusal }] : [],
      metadata: body.metadata ?? '',
      looksLeft: queuedLooks,
    };
    if (!refusal) {
      const trackingNumber = `9400${Array.from({ length: 18 }, () => randomInt(10)).join('')}`;
      pdfs.set(
        id,
        await renderLabelPdf({
          from: fromShippoAddress(bought.from),
          to: fromShippoAddress(bought.to),
          carrier: bought.rate.provider,
          serviceLevel: bought.rate.servicelevel.name ?? '',
          trackingNumber,
          weightText: `${bought.parcel.weight} ${bought.parcel.mass_unit}`,
          reference: transaction.metadata || id,
          banner: 'SHIPPO FAKE (LOCAL TESTS) - NOT VALID FOR CARRIER SHIPMENT',
          shipDate: new Date().toISOString(),
        }),
      );
      transaction.tracking_number = trackingNumber;
    }
    transactions.set(id, transaction);
    return { status: 201, body: view(transaction) };
  };

  const view = (transaction: Transaction) => {
    const isDone = transaction.status === 'SUCCESS';
    return {
      object_id: transaction.object_id,
      object_state: 'VALID',
      status: transaction.status,
      rate: transaction.rate,
      tracking_number: isDone ? transaction.tracking_number : null,
      tracking_status: 'UNKNOWN',
      label_url: isDone ? `${url}/labels/${transaction.object_id}.pdf` : null,
      messages: transaction.messages,
      metadata: transaction.metadata,
      test: true,
    };
  };

  const getTransaction = (id: string): Reply => {
    const transaction = transactions.get(id);
    if (!transaction) return { status: 404, body: { detail: 'Not found.' } };
    if (transaction.status === 'QUEUED') {
      transaction.looksLeft -= 1;
      if (transaction.looksLeft <= 0) transaction.status = 'SUCCESS';
    }
    return { status: 200, body: view(transaction) };
  };

  const route = async (method: string, path: string, body: unknown): Promise<Reply> => {
    if (method === 'POST' && path === '/addresses/')
      return createAddress(body as ShippoAddressInput);
    if (method === 'POST' && path === '/shipments/') return createShipment(body as object);
    if (method === 'POST' && path === '/transactions/') return createTransaction(body as object);
    const match = /^\/transactions\/([0-9a-f]+)\/?$/.exec(path);
    if (method === 'GET' && match) return getTransaction(match[1]!);
    return { status: 404, body: { detail: 'Not found.' } };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const method = request.method ?? 'GET';
    const send = (reply: Reply) => {
      response.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json' });
      response.end(reply.body instanceof Uint8Array ? reply.body : JSON.stringify(reply.body));
    };
    // Signed storage links: no token, as Shippo's label_url.
    const label = /^\/labels\/([0-9a-f]+)\.pdf$/.exec(path);
    if (method === 'GET' && label) {
      const pdf = pdfs.get(label[1]!);
      return send(
        pdf
          ? { status: 200, body: pdf, contentType: 'application/pdf' }
          : { status: 404, body: { detail: 'Not found.' } },
      );
    }
    const body = method === 'POST' ? await readJson(request) : null;
    const authorization = request.headers.authorization ?? null;
    requests.push({ method, path, body, authorization });
    if (authorization !== `ShippoToken ${apiKey}`) {
      return send({ status: 401, body: { detail: 'Invalid token.' } });
    }
    if (failures && failures.count > 0) {
      failures.count -= 1;
      return send({ status: failures.status, body: failures.body });
    }
    return send(await route(method, path, body));
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ detail: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    apiKey,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
    failNext(status, { count = 1, body = { detail: `Fake failure ${status}.` } } = {}) {
      failures = { status, count, body };
    },
    refuseLabels(text) {
      refusal = text;
    },
    queueLabels(looks) {
      queuedLooks = looks;
    },
    offerNoRates(text) {
      noRates = text;
    },
    labels: () =>
      [...transactions.values()]
        .filter((transaction) => transaction.status !== 'ERROR')
        .map((transaction) => ({
          transactionId: transaction.object_id,
          trackingNumber: transaction.tracking_number ?? '',
          rateId: transaction.rate,
          metadata: transaction.metadata,
        })),
  };
};
