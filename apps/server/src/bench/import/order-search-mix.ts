import { prng } from '../search/search-mix';

/** What a search of the orders list is, for the per-kind figures. */
export const ORDER_SEARCH_KINDS = [
  'number',
  'hash-number',
  'sku',
  'customer-id',
  'tab',
  'no-results',
] as const;
export type OrderSearchKind = (typeof ORDER_SEARCH_KINDS)[number];

/** A search as the load generator sends it. */
export type OrderSearchRequest = { kind: OrderSearchKind; path: string };

export const ORDER_LIST_PATH = '/api/web/orders';

/** The share of each kind in the mix (they sum to 1). */
const KIND_SHARES: Record<OrderSearchKind, number> = {
  number: 0.22,
  'hash-number': 0.13,
  sku: 0.3,
  'customer-id': 0.08,
  tab: 0.12,
  'no-results': 0.15,
};

/** What the imported store holds, read after the import. */
export type OrderMixSources = {
  /** The `#` order numbers given by the import: min…max. */
  numbers: { min: number; max: number };
  /** Every SKU of the store's lines with how many orders have it. */
  skus: readonly { sku: string; orders: number }[];
  /** The customers' ids in the file (UCI CustomerID). */
  customerIds: readonly string[];
};

const FIRST_NAMES = ['anna', 'james', 'sofia', 'liam', 'maria', 'noah', 'emma', 'oliver', 'mia'];
const LAST_NAMES = ['smith', 'jones', 'brown', 'taylor', 'wilson', 'evans', 'thomas', 'roberts'];
const DOMAINS = ['example.com', 'gmail.com', 'shop.co.uk', 'outlook.com'];
const TABS = ['CANCELED', 'RETURNS'] as const;

const pick = <T>(random: () => number, values: readonly T[]): T =>
  values[Math.floor(random() * values.length)]!;

const pathOf = (params: Record<string, string>) =>
  `${ORDER_LIST_PATH}?${new URLSearchParams(params).toString()}`;

/**
 * Candidate searches of the orders list on the imported store, deterministic for a seed: order
 * numbers as typed ("1234", "#1234"), SKUs of the file (half drawn by SKU, half by order, so
 * popular ones come up as often as users meet them), customer ids from the file (the search
 * reads them as order numbers), the CANCELED and RETURNS tabs alone or with a search, and
 * no-result candidates (e-mails the store has none of, SKUs and numbers that do not exist).
 * No-result candidates are twice as many as wanted: the caller keeps those that find nothing.
 */
export const buildOrderSearchMix = (
  sources: OrderMixSources,
  count: number,
  seed = 20261125,
): OrderSearchRequest[] => {
  const random = prng(seed);
  const byPath = new Map<string, OrderSearchRequest>();
  const counts = new Map<OrderSearchKind, number>();
  const totalOrders = sources.skus.reduce((sum, sku) => sum + sku.orders, 0);
  const knownSkus = new Set(sources.skus.map((sku) => sku.sku));
  const orderNumber = () =>
    sources.numbers.min + Math.floor(random() * (sources.numbers.max - sources.numbers.min + 1));
  /** A SKU: uniformly over SKUs, or weighted by the orders that have it. */
  const sku = () => {
    if (random() < 0.5) return pick(random, sources.skus).sku;
    let left = random() * totalOrders;
    for (const entry of sources.skus) {
      left -= entry.orders;
      if (left < 0) return entry.sku;
    }
    return sources.skus[sources.skus.length - 1]!.sku;
  };
  const make: Record<OrderSearchKind, () => Record<string, string>> = {
    number: () => ({ search: String(orderNumber()) }),
    'hash-number': () => ({ search: `#${orderNumber()}` }),
    sku: () => ({ search: sku() }),
    'customer-id': () => ({ search: pick(random, sources.customerIds) }),
    tab: (): Record<string, string> => {
      const tab = pick(random, TABS);
      const roll = random();
      if (roll < 0.1) return { tab };
      return { tab, search: roll < 0.6 ? sku() : String(orderNumber()) };
    },
    'no-results': () => {
      const roll = random();
      if (roll < 0.5) {
        const name = `${pick(random, FIRST_NAMES)}${random() < 0.5 ? '.' : ''}${pick(random, LAST_NAMES)}`;
        return { search: random() < 0.5 ? `${name}@${pick(random, DOMAINS)}` : name };
      }
      if (roll < 0.8) {
        const made = () =>
          `${Math.floor(10_000 + random() * 90_000)}${String.fromCharCode(65 + Math.floor(random() * 26))}Z`;
        let search = made();
        while (knownSkus.has(search)) search = made();
        return { search };
      }
      return { search: String(sources.numbers.max + 1 + Math.floor(random() * 900_000_000)) };
    },
  };
  for (const kind of ORDER_SEARCH_KINDS) {
    const wanted = Math.ceil(count * KIND_SHARES[kind] * (kind === 'no-results' ? 2 : 1));
    for (let tries = 0; tries < wanted * 20 && (counts.get(kind) ?? 0) < wanted; tries += 1) {
      const path = pathOf(make[kind]());
      if (byPath.has(path)) continue;
      byPath.set(path, { kind, path });
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
  }
  return [...byPath.values()];
};

/** How many of each kind `requests` has ("number 528, sku 720, …"). */
export const describeMix = (requests: readonly OrderSearchRequest[]) =>
  ORDER_SEARCH_KINDS.map(
    (kind) => `${kind} ${requests.filter((request) => request.kind === kind).length}`,
  ).join(', ');
