import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { DATA_ROOT } from '@/lib/paths';
import { normalizeSupplierName } from './supplier-identity';

export const FACILITIES_FILE = 'open-apparel-registry-facilities/facilities.csv';

export type RegistryFacility = {
  name: string;
  address: string;
  countryCode: string;
  latitude: number;
  longitude: number;
};

/**
 * The Open Apparel Registry factories of `data/`. Rows with the same name (ignoring case and
 * spacing) and country are one factory listed twice: the first row's address and position win.
 */
export const loadRegistryFacilities = (): RegistryFacility[] => {
  const rows = parse<Record<string, string>>(readFileSync(path.join(DATA_ROOT, FACILITIES_FILE)), {
    columns: true,
    skip_empty_lines: true,
    bom: true,
  });
  const byKey = new Map<string, RegistryFacility>();
  for (const row of rows) {
    const countryCode = (row.country_code ?? '').trim().toUpperCase();
    const name = (row.name ?? '').trim();
    const key = `${normalizeSupplierName(name)}|${countryCode}`;
    if (name === '' || byKey.has(key)) continue;
    byKey.set(key, {
      name,
      address: (row.address ?? '').trim(),
      countryCode,
      latitude: Number(row.lat),
      longitude: Number(row.lng),
    });
  }
  return [...byKey.values()];
};
