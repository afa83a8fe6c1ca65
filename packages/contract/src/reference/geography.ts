import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { REGION_CODES } from './region-codes';

export * from './region-codes';

export const RegionCodeSchema = z.enum(REGION_CODES);
export type RegionCode = z.infer<typeof RegionCodeSchema>;

export const REGION_NAMES: Record<RegionCode, string> = {
  AF: 'Africa',
  NA: 'North America',
  SA: 'South America',
  AS: 'Asia',
  EU: 'Europe',
  OA: 'Oceania',
};

/** ISO 3166-1 alpha-2, upper case. */
export const CountryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Use a two-letter ISO country code such as US or CN.');

export const CountrySchema = z.object({
  code: z.string(),
  iso3: z.string(),
  name: z.string(),
  regionCode: RegionCodeSchema.nullable(),
  subregion: z.string().nullable(),
  phoneCode: z.string().nullable(),
  currencyCode: z.string().nullable(),
  emoji: z.string().nullable(),
  /**
   * The country's postal code pattern (a regular expression over the whole code), where the
   * reference data has one; shipping addresses are checked against it (orders).
   */
  postalCodeRegex: z.string().nullable().optional(),
});
export type Country = z.infer<typeof CountrySchema>;

export const StateSchema = z.object({
  id: z.string(),
  countryCode: z.string(),
  name: z.string(),
  code: z.string(),
  isoCode: z.string().nullable(),
  type: z.string().nullable(),
});
export type State = z.infer<typeof StateSchema>;

export const listCountries = defineEndpoint({
  method: 'GET',
  path: '/api/commons/countries',
  auth: 'public',
  response: z.object({ items: z.array(CountrySchema) }),
  summary: 'Every ISO 3166-1 country with its spec region (AF NA SA AS EU OA).',
  tags: ['reference'],
});

export const listStatesOfCountry = defineEndpoint({
  method: 'GET',
  path: '/api/commons/countries/:countryCode/states',
  auth: 'public',
  params: z.object({ countryCode: CountryCodeSchema }),
  response: z.object({ items: z.array(StateSchema) }),
  summary: 'First-level subdivisions of a country, by name.',
  tags: ['reference'],
});
