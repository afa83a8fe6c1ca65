import type { ValueSource } from '@atelier/contract/catalog/supplier';

const SOURCE_NAMES: Partial<Record<ValueSource, string>> = {
  registry: 'the Open Apparel Registry (public data)',
  supplier: 'the supplier',
  import: 'an import by the Atelier team',
  reviews: 'reviews on Atelier',
};

const FIELD_NAMES: Record<string, string> = {
  name: 'name',
  address: 'address',
  latitude: 'location',
  longitude: 'location',
  countryCode: 'country',
  regionCode: 'country',
  website: 'website',
  rating: 'rating',
  description: 'description',
  capabilities: 'capabilities',
  moq: 'minimum order',
  samplePrice: 'sample price',
  productionTimeDays: 'production time',
  orderVolume: 'typical order',
  certifications: 'certifications',
  logo: 'logo',
  cover: 'cover picture',
  photos: 'factory photos',
};

/** "Name, address, location and country come from the Open Apparel Registry (public data)." */
export const describeSources = (fieldSources: Record<string, ValueSource>): string[] => {
  const bySource = new Map<ValueSource, Set<string>>();
  for (const [field, source] of Object.entries(fieldSources)) {
    if (source === 'demo') continue;
    const names = bySource.get(source) ?? new Set<string>();
    names.add(FIELD_NAMES[field] ?? field);
    bySource.set(source, names);
  }
  return [...bySource.entries()].map(([source, names]) => {
    const list = [...names];
    const text = list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
    const verb = list.length === 1 ? 'comes' : 'come';
    return `${text?.[0]?.toUpperCase()}${text?.slice(1)} ${verb} from ${SOURCE_NAMES[source] ?? source}.`;
  });
};
