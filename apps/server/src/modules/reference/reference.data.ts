import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { RegionCode } from '@atelier/contract/reference/geography';
import { DATA_ROOT } from '@/lib/paths';
import type { CountryRow, StateRow } from './reference.repository';

/** annexare continent names → spec §9 regions (Oceania and Antarctica both read OA). */
const REGION_BY_CONTINENT: Record<string, RegionCode> = {
  Africa: 'AF',
  'North America': 'NA',
  'South America': 'SA',
  Asia: 'AS',
  Europe: 'EU',
  Oceania: 'OA',
  Antarctica: 'OA',
};

const readCsv = (relativePath: string): Record<string, string>[] =>
  parse<Record<string, string>>(readFileSync(path.join(DATA_ROOT, relativePath)), {
    columns: true,
    skip_empty_lines: true,
    bom: true,
  });

const orNull = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);
const numberOrNull = (value: string | undefined) => {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) ? parsed : null;
};

/**
 * Reads the reference data copied into `data/`: countries and states from dr5hn (ODbL), the
 * region of each country from annexare's continents (MIT).
 */
export const loadReferenceData = (): { countries: CountryRow[]; states: StateRow[] } => {
  const continentByCode = new Map(
    readCsv('countries-annexare/countries.csv').map((row) => [row.Code, row.Continent]),
  );
  const countries = readCsv('countries-states-dr5hn/countries.csv')
    .filter((row) => /^[A-Z]{2}$/.test(row.iso2 ?? ''))
    .map((row): CountryRow => ({
      code: row.iso2!,
      iso3: row.iso3 ?? '',
      name: row.name ?? row.iso2!,
      regionCode: REGION_BY_CONTINENT[continentByCode.get(row.iso2) ?? ''] ?? null,
      subregion: orNull(row.subregion),
      phoneCode: orNull(row.phonecode),
      currencyCode: orNull(row.currency),
      capital: orNull(row.capital),
      emoji: orNull(row.emoji),
      latitude: numberOrNull(row.latitude),
      longitude: numberOrNull(row.longitude),
      postalCodeRegex: orNull(row.postal_code_regex),
    }));
  const countryCodes = new Set(countries.map((country) => country.code));
  const seen = new Set<string>();
  const states: StateRow[] = [];
  for (const row of readCsv('countries-states-dr5hn/states.csv')) {
    const countryCode = row.country_code ?? '';
    const code = row.iso2 ?? '';
    const key = `${countryCode}:${code}`;
    if (!countryCodes.has(countryCode) || code === '' || seen.has(key)) continue;
    seen.add(key);
    states.push({
      id: `st_${row.id}`,
      countryCode,
      name: row.name ?? code,
      code,
      isoCode: orNull(row.iso3166_2),
      type: orNull(row.type),
    });
  }
  return { countries, states };
};
