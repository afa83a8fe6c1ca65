import type { LabelAddress, LabelParcel } from '@atelier/contract/fulfillment/shipment';
import type { AddressReference } from '@/modules/orders';
import type { LabelPort, LabelQuote } from '../shipment.service';
import { checkParcel, labelAddressIssues } from './local-labels';
import {
  describeMessages,
  fromShippoAmount,
  serviceLevelOf,
  SHIPPO_LABEL_FILE_TYPE,
  shippoIssuesOf,
  toShippoAddress,
  toShippoParcel,
  type ShippoAddress,
  type ShippoShipment,
  type ShippoTransaction,
} from './shippo-common';
import { ShippingProviderError } from './shipping-provider-error';

/** Shippo's API (config SHIPPO_API_BASE_URL); test and live differ by the token, not the host. */
export const SHIPPO_API_BASE_URL = 'https://api.goshippo.com';

export type ShippoShippingProviderOptions = {
  /** SHIPPO_API_KEY: `shippo_test_…` or `shippo_live_…`; server only, never sent to label_url. */
  apiKey: string;
  /** SHIPPO_API_BASE_URL: Shippo's own by default, a local fake in tests. */
  apiBaseUrl?: string;
  /** Country and state data, checked before Shippo is asked (the local provider's check). */
  reference: AddressReference;
  /** Milliseconds before a request to Shippo is given up; 30 s. */
  timeoutMs?: number;
  /** Waits between looks at a label Shippo has queued; 1 s, up to `maxPolls` looks (10). */
  pollIntervalMs?: number;
  maxPolls?: number;
  /** The HTTP client; the global `fetch` by default. */
  fetch?: typeof fetch;
};

type Answer = { status: number; body: unknown };
type Input = { from: LabelAddress; to: LabelAddress; parcel: LabelParcel };

/** The most answers each memory keeps (address checks, labels bought by reference). */
const MEMORY_SIZE = 1_000;
const remember = <V>(memory: Map<string, V>, key: string, value: V) => {
  memory.delete(key);
  memory.set(key, value);
  if (memory.size > MEMORY_SIZE) memory.delete(memory.keys().next().value!);
};

const parseBody = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { detail: text.slice(0, 300) };
  }
};

/** A Shippo answer that is not a success, as a `ShippingProviderError` (cause: Shippo's body). */
const toProviderError = ({ status, body }: Answer): ShippingProviderError => {
  const cause = { status, body };
  if (status === 401 || status === 403) {
    return new ShippingProviderError('shipping_provider_misconfigured', { cause });
  }
  if (status === 429) return new ShippingProviderError('shipping_provider_busy', { cause });
  if (status >= 500) return new ShippingProviderError('shipping_provider_error', { cause });
  const details = shippoIssuesOf(body);
  const first = details[0]?.message;
  return new ShippingProviderError('shipping_provider_rejected', {
    message: first ? `Shippo refused the request: ${first}` : undefined,
    details,
    cause,
  });
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * ARCHITECTURE.md §4 ShippingProvider, the Shippo adapter (issue 15), used when SHIPPO_API_KEY
 * is set, in the shipment service's `LabelPort` terms. Speaks Shippo's REST API with plain
 * `fetch` and `Authorization: ShippoToken <key>`:
 * - `addressIssues`: the country/state/ZIP check against the reference data first (as the local
 *   provider does, field names of the spec §3 draft such as `toAddress.zipCode`), then POST
 *   /addresses/ with `validate: true`; `validation_results.is_valid: false` is one issue on the
 *   whole address with Shippo's messages. Answers are remembered per address.
 * - `checkParcel`: the local limits (more than 0 and at most 150 lb, sides at most 108 in).
 * - `quote`: POST /shipments/ (`async: false`); each rate's decimal `amount` becomes integer
 *   minor units of its `currency` exactly; service level "<carrier> <service>" (the cheapest of
 *   duplicates), `zone` null; cheapest first.
 * - `buy`: quotes again (rates expire), POST /transactions/ for the rate of `serviceLevel` with a
 *   4×6 in PDF label and `reference` as metadata, waits while Shippo queues it, then downloads
 *   `label_url` (no token sent there). A retry of the same `reference` in this process looks at
 *   the label already bought instead of buying another.
 * Throws `ShippingProviderError`: `bad_request` when Shippo refuses the request (its field
 * issues in `details`) or the service is not offered, `unprocessable` when the carrier refuses
 * the label, `unavailable` when Shippo is unreachable, busy, failing or refuses the key.
 */
export const createShippoShippingProvider = ({
  apiKey,
  apiBaseUrl = SHIPPO_API_BASE_URL,
  reference,
  timeoutMs = 30_000,
  pollIntervalMs = 1_000,
  maxPolls = 10,
  fetch: fetchImpl = globalThis.fetch,
}: ShippoShippingProviderOptions): LabelPort => {
  const base = apiBaseUrl.replace(/\/+$/, '');
  const addressVerdicts = new Map<string, string[]>();
  const bought = new Map<
    string,
    { transactionId: string; carrier: string; serviceLevel: string }
  >();

  /** One exchange; a network failure or timeout is `shipping_provider_unreachable`. */
  const fetchWithTimeout = async (url: string, init: RequestInit): Promise<Response> => {
    try {
      return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (cause) {
      throw new ShippingProviderError('shipping_provider_unreachable', { cause });
    }
  };

  /** An authorized JSON call; any status but `expected` throws. */
  const call = async <T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    expected: number[] = [200, 201],
  ): Promise<T> => {
    const response = await fetchWithTimeout(`${base}${path}`, {
      method,
      headers: {
        authorization: `ShippoToken ${apiKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = { status: response.status, body: parseBody(await response.text()) };
    if (!expected.includes(answer.status)) throw toProviderError(answer);
    if (!answer.body || typeof answer.body !== 'object') {
      throw new ShippingProviderError('shipping_provider_error', { cause: answer });
    }
    return answer.body as T;
  };

  const shippoAddressIssues = async (address: LabelAddress): Promise<string[]> => {
    const key = JSON.stringify(toShippoAddress(address));
    const known = addressVerdicts.get(key);
    if (known) return known;
    const checked = await call<ShippoAddress>('POST', '/addresses/', {
      ...toShippoAddress(address),
      validate: true,
    });
    const results = checked.validation_results;
    const issues =
      results?.is_valid === false
        ? [
            `The carrier's address check did not find this address${
              describeMessages(results.messages) ? ` (${describeMessages(results.messages)})` : ''
            }.`,
          ]
        : [];
    remember(addressVerdicts, key, issues);
    return issues;
  };

  /** The rates for a parcel, by service level (the cheapest of duplicates), cheapest first. */
  const rates = async (input: Input) => {
    const shipment = await call<ShippoShipment>('POST', '/shipments/', {
      address_from: toShippoAddress(input.from),
      address_to: toShippoAddress(input.to),
      parcels: [toShippoParcel(input.parcel)],
      async: false,
    });
    const cheapest = new Map<string, { quote: LabelQuote; rateId: string }>();
    for (const rate of shipment.rates ?? []) {
      const quote: LabelQuote = {
        serviceLevel: serviceLevelOf(rate),
        carrier: rate.provider,
        amount: fromShippoAmount(rate.amount, rate.currency),
        currencyCode: rate.currency.toUpperCase(),
        estimatedDays: Number.isInteger(rate.estimated_days) ? rate.estimated_days! : null,
        zone: null,
      };
      const kept = cheapest.get(quote.serviceLevel);
      if (!kept || quote.amount < kept.quote.amount) {
        cheapest.set(quote.serviceLevel, { quote, rateId: rate.object_id });
      }
    }
    const offered = [...cheapest.values()].sort((a, b) => a.quote.amount - b.quote.amount);
    const carriersSay = describeMessages(shipment.messages);
    if (offered.length === 0 && carriersSay) {
      throw new ShippingProviderError('shipping_service_unavailable', {
        message: `No carrier offers a service for this parcel: ${carriersSay}`,
        cause: shipment,
      });
    }
    return offered;
  };

  /** Looks again while Shippo has the label queued (WAITING, QUEUED). */
  const settle = async (transaction: ShippoTransaction): Promise<ShippoTransaction> => {
    let current = transaction;
    for (let look = 0; look < maxPolls && ['WAITING', 'QUEUED'].includes(current.status); look++) {
      await sleep(pollIntervalMs);
      current = await call<ShippoTransaction>(
        'GET',
        `/transactions/${encodeURIComponent(current.object_id)}`,
      );
    }
    return current;
  };

  /** The label's PDF; `label_url` is a signed link to Shippo's storage, so no token goes there. */
  const downloadLabel = async (labelUrl: string, trackingNumber: string): Promise<Uint8Array> => {
    const failed = (cause: unknown) =>
      new ShippingProviderError('shipping_provider_error', {
        message: `The label ${trackingNumber} was bought, but its PDF could not be fetched from Shippo. Try again: the same label is fetched, not bought twice.`,
        cause,
      });
    let url: URL;
    try {
      url = new URL(labelUrl);
    } catch (cause) {
      throw failed(cause);
    }
    // Only https, or the API's own origin (a local fake over http in tests).
    if (url.protocol !== 'https:' && url.origin !== new URL(base).origin) throw failed(labelUrl);
    const response = await fetchWithTimeout(url.toString(), { method: 'GET' });
    const pdf = new Uint8Array(await response.arrayBuffer());
    const isPdf = Buffer.from(pdf.subarray(0, 5)).toString('latin1') === '%PDF-';
    if (!response.ok || !isPdf) throw failed({ status: response.status, labelUrl });
    return pdf;
  };

  return {
    providerName: 'shippo',

    async addressIssues(address, at) {
      const local = await labelAddressIssues(address, at, reference);
      if (local.length > 0) return local;
      const issues = await shippoAddressIssues(address);
      return issues.map((message) => ({ field: at || 'address', message }));
    },

    checkParcel,

    quote: async (input) => (await rates(input)).map(({ quote }) => quote),

    async buy(input) {
      let transaction: ShippoTransaction | null = null;
      let carrier = '';
      const earlier = bought.get(input.reference);
      if (earlier?.serviceLevel === input.serviceLevel) {
        transaction = await settle(
          await call<ShippoTransaction>(
            'GET',
            `/transactions/${encodeURIComponent(earlier.transactionId)}`,
          ),
        );
        carrier = earlier.carrier;
        // An ERROR bought nothing: buy afresh.
        if (transaction.status === 'ERROR') transaction = null;
      }
      if (!transaction) {
        const offered = await rates(input);
        const chosen = offered.find(({ quote }) => quote.serviceLevel === input.serviceLevel);
        if (!chosen) {
          const choices = offered.map(({ quote }) => quote.serviceLevel).join(', ');
          const message = `${input.serviceLevel} is not offered for this parcel now${choices ? `; choose one of ${choices}` : ''}.`;
          throw new ShippingProviderError('shipping_service_unavailable', {
            message,
            details: [{ field: 'serviceLevel', message }],
          });
        }
        carrier = chosen.quote.carrier;
        const created = await call<ShippoTransaction>('POST', '/transactions/', {
          rate: chosen.rateId,
          label_file_type: SHIPPO_LABEL_FILE_TYPE,
          async: false,
          metadata: input.reference.slice(0, 100),
        });
        remember(bought, input.reference, {
          transactionId: created.object_id,
          carrier,
          serviceLevel: input.serviceLevel,
        });
        transaction = await settle(created);
      }
      const { status, label_url: labelUrl } = transaction;
      if (status === 'SUCCESS' && labelUrl) {
        // An untracked service has no tracking number: Shippo's id of the label stands in.
        const trackingNumber = transaction.tracking_number || transaction.object_id;
        return { carrier, trackingNumber, pdf: await downloadLabel(labelUrl, trackingNumber) };
      }
      if (status !== 'ERROR') {
        throw new ShippingProviderError('shipping_provider_error', {
          message:
            'Shippo has not finished this label yet. Try again: it is fetched, not bought twice.',
          cause: transaction,
        });
      }
      bought.delete(input.reference);
      const carrierSays = describeMessages(transaction.messages);
      throw new ShippingProviderError('shipping_label_refused', {
        message: carrierSays
          ? `The carrier refused to issue this label (${carrierSays}); nothing was bought.`
          : undefined,
        cause: transaction,
      });
    },
  };
};
