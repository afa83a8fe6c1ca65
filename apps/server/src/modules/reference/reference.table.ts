import { doublePrecision, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** ISO 3166-1 countries (dr5hn, ODbL) with the spec's region from annexare continents. */
export const countries = pgTable(
  'countries',
  {
    /** ISO 3166-1 alpha-2, upper case. */
    code: text('code').primaryKey(),
    iso3: text('iso3').notNull(),
    name: text('name').notNull(),
    /** Spec §9 region: AF NA SA AS EU OA (OA = Oceania/Antarctica), null when unknown. */
    regionCode: text('region_code', { enum: ['AF', 'NA', 'SA', 'AS', 'EU', 'OA'] }),
    subregion: text('subregion'),
    phoneCode: text('phone_code'),
    currencyCode: text('currency_code'),
    capital: text('capital'),
    emoji: text('emoji'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    postalCodeRegex: text('postal_code_regex'),
  },
  (table) => [index('countries_region_idx').on(table.regionCode)],
);

/** First-level subdivisions (states, provinces, …) with ISO 3166-2 codes (dr5hn, ODbL). */
export const states = pgTable(
  'states',
  {
    id: text('id').primaryKey(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    name: text('name').notNull(),
    /** Code within the country ("CA" for California). */
    code: text('code').notNull(),
    /** ISO 3166-2 ("US-CA"), when the source has one. */
    isoCode: text('iso_code'),
    type: text('type'),
  },
  (table) => [
    index('states_country_idx').on(table.countryCode, table.name),
    uniqueIndex('states_country_code_key').on(table.countryCode, table.code),
  ],
);
