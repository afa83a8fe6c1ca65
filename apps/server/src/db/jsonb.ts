import { customType } from 'drizzle-orm/pg-core';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Drizzle's `jsonb` column, except that every lone UTF-16 surrogate in a string value becomes
 * U+FFFD on the way in, as it does in a text column: PostgreSQL refuses it in jsonb. Tables
 * import this by relative path: drizzle-kit reads them without the `@/` alias.
 */
/** `value` as the JSON text the jsonb column stores (for a raw `${…}::jsonb` parameter too). */
export const toJsonbText = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'string' ? item.replace(LONE_SURROGATE, '\ufffd') : item,
  );

export const jsonb = customType<{ data: unknown; driverData: string }>({
  dataType: () => 'jsonb',
  toDriver: (value) => toJsonbText(value),
  fromDriver: (value: unknown) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
});
