import { ITEM_SORTS, MOQ_BUCKETS, SAMPLE_PRICE_BUCKETS } from '@atelier/contract/catalog/filters';
import { RegionCodeSchema } from '@atelier/contract/reference/geography';

/** What a search is, for the per-kind figures: each kind's p99 is held against the mix's. */
export const SEARCH_KINDS = [
  'category',
  'category-filter',
  'filters',
  'typo',
  'no-results',
  'second-page',
  'deep-page',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** One search of the mix: a page-one URL, or a later page reached by following cursors. */
export type SearchSpec = {
  kind: SearchKind;
  /** Query string of page one (no leading "?"). */
  query: string;
  /** 1 for page one; 2 and more are reached through `nextCursor` before measuring. */
  page: number;
};

/** A search as the load generator sends it. */
export type SearchRequest = { kind: SearchKind; path: string };

export const ITEM_SEARCH_PATH = '/api/web/catalog-items';

/** A small deterministic PRNG (mulberry32), so every run measures the same mix. */
export const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const pick = <T>(random: () => number, values: readonly T[]): T =>
  values[Math.floor(random() * values.length)]!;

/**
 * One typing mistake in the longest word: a swapped pair, a dropped, doubled or replaced letter,
 * as people make them ("Shenzhou" → "Shenzou", "hoodies" → "hoodeis").
 */
export const misspell = (text: string, random: () => number): string => {
  const words = text.split(/\s+/).filter((word) => word.length > 0);
  let longest = 0;
  words.forEach((word, index) => {
    if (word.length > words[longest]!.length) longest = index;
  });
  const word = words[longest]!;
  if (word.length < 4) return text;
  const at = 1 + Math.floor(random() * (word.length - 2));
  const letters = [...word];
  switch (Math.floor(random() * 4)) {
    case 0:
      [letters[at], letters[at + 1]] = [letters[at + 1]!, letters[at]!];
      break;
    case 1:
      letters.splice(at, 1);
      break;
    case 2:
      letters.splice(at, 0, letters[at]!);
      break;
    default:
      letters[at] = pick(
        random,
        [...'aeioulnrst'].filter((letter) => letter !== letters[at]),
      );
  }
  words[longest] = letters.join('');
  return words.join(' ');
};

/** Words no catalog of clothing and packaging holds, for searches that find nothing at all. */
const NONSENSE = ['xqzvw', 'plorbnik', 'zzyzx qwv', 'vrkltm', 'qxjw fnord', 'bzzkt'];

export type MixSources = {
  /** Names of categories that hold items (real taxonomy names: "Jeans", "Tote Bags"). */
  categoryNames: readonly string[];
  /** Ids of categories that hold items, any level. */
  categoryIds: readonly number[];
  /** Supplier names from the registry ("Shenzhou International Group Holdings"). */
  supplierNames: readonly string[];
};

const regions = RegionCodeSchema.options;
const moqs = Object.keys(MOQ_BUCKETS);
const prices = Object.keys(SAMPLE_PRICE_BUCKETS).filter((bucket) => bucket !== 'ALL');
const sorts = Object.keys(ITEM_SORTS);

/** Up to two filters of region, MOQ and sample price, each present about half the time. */
const someFilters = (random: () => number, chance = 0.5): Record<string, string> => {
  const filters: Record<string, string> = {};
  if (random() < chance) filters.region = pick(random, regions);
  if (random() < chance) filters.moq = pick(random, moqs);
  if (random() < chance * 0.6) filters.samplePrice = pick(random, prices);
  return filters;
};

const toQuery = (params: Record<string, string | undefined>): string =>
  new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();

/** A few words of a supplier name, as someone remembers it ("Shenzhou International"). */
const nameWords = (name: string, random: () => number) => {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0);
  return words.slice(0, 1 + Math.floor(random() * Math.min(2, words.length))).join(' ');
};

/**
 * Candidate searches for the benchmark, deterministic for a seed: more than `count` distinct
 * queries, mixed by kind (shares in `KIND_SHARES`). No-result candidates are made from real words
 * and narrow filters, so the caller keeps only those the server answers with nothing; page 2 and
 * deep pages are resolved by following cursors.
 */
export const buildSearchMix = (sources: MixSources, count: number, seed = 20261124) => {
  const random = prng(seed);
  const specs = new Map<string, SearchSpec>();
  const counts = new Map<SearchKind, number>();
  const add = (kind: SearchKind, params: Record<string, string | undefined>, page = 1) => {
    const query = toQuery(params);
    const key = `${page}:${query}`;
    if (specs.has(key)) return;
    specs.set(key, { kind, query, page });
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  };
  const fill = (kind: SearchKind, share: number, make: () => void) => {
    const wanted = Math.ceil(count * share);
    for (let tries = 0; tries < wanted * 20 && (counts.get(kind) ?? 0) < wanted; tries += 1) {
      make();
    }
  };

  fill('category', KIND_SHARES.category, () =>
    add('category', {
      searchKey: pick(random, sources.categoryNames),
      ...someFilters(random),
      sort: pick(random, sorts),
    }),
  );
  fill('category-filter', KIND_SHARES['category-filter'], () =>
    add('category-filter', {
      categoryIds: String(pick(random, sources.categoryIds)),
      ...someFilters(random),
      sort: pick(random, sorts),
    }),
  );
  fill('filters', KIND_SHARES.filters, () =>
    add('filters', { ...someFilters(random, 0.8), sort: pick(random, sorts) }),
  );
  fill('typo', KIND_SHARES.typo, () => {
    const fromSupplier = random() < 0.6;
    const words = fromSupplier
      ? nameWords(pick(random, sources.supplierNames), random)
      : pick(random, sources.categoryNames);
    add('typo', {
      searchKey: misspell(words, random),
      ...someFilters(random, 0.25),
      sort: pick(random, sorts),
    });
  });
  // More candidates than wanted: the ones that find something are dropped after the dry run.
  fill('no-results', KIND_SHARES['no-results'] * 4, () =>
    add(
      'no-results',
      random() < 0.15
        ? { searchKey: pick(random, NONSENSE), sort: pick(random, sorts) }
        : {
            searchKey: `${pick(random, sources.categoryNames)} ${nameWords(pick(random, sources.supplierNames), random)}`,
            region: pick(random, regions),
            moq: pick(random, moqs),
            samplePrice: pick(random, prices),
            sort: pick(random, sorts),
          },
    ),
  );
  fill('second-page', KIND_SHARES['second-page'], () =>
    add(
      'second-page',
      random() < 0.5
        ? { searchKey: pick(random, sources.categoryNames), sort: pick(random, sorts) }
        : { ...someFilters(random), sort: pick(random, sorts) },
      2,
    ),
  );
  fill('deep-page', KIND_SHARES['deep-page'], () =>
    add(
      'deep-page',
      { ...someFilters(random, 0.4), sort: pick(random, sorts) },
      4 + Math.floor(random() * 4),
    ),
  );
  return [...specs.values()];
};

/** The mix's shares by kind (they sum to 1): mostly first pages, as users search. */
export const KIND_SHARES: Record<SearchKind, number> = {
  category: 0.3,
  'category-filter': 0.15,
  filters: 0.15,
  typo: 0.15,
  'no-results': 0.08,
  'second-page': 0.1,
  'deep-page': 0.07,
};

/** Fisher–Yates with the mix's PRNG: the order requests are sent in. */
export const shuffle = <T>(values: readonly T[], seed = 7): T[] => {
  const random = prng(seed);
  const result = [...values];
  for (let index = result.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [result[index], result[other]] = [result[other]!, result[index]!];
  }
  return result;
};
