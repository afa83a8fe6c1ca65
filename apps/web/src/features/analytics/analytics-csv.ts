import type { AnalyticsTable } from '@atelier/contract/analytics/views';
import { minorDigitsOf } from '@atelier/contract/common/money';

/** A text a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

const csvCell = (value: string | number | null | undefined): string => {
  if (value === null || value === undefined) return '';
  const text =
    typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * A table of a view as CSV, row for row as the page shows it. Money is written in major units
 * of the result's currency ("Revenue (USD)": 1234.5), percent as a percentage ("Share (%)":
 * 25), so a spreadsheet reads plain numbers; texts are made formula-safe.
 */
export const tableToCsv = (table: AnalyticsTable, currencyCode: string): string => {
  const digits = minorDigitsOf(currencyCode);
  const header = table.columns.map((column) =>
    column.format === 'money'
      ? `${column.label} (${currencyCode})`
      : column.format === 'percent'
        ? `${column.label} (%)`
        : column.label,
  );
  const rows = table.rows.map((row) =>
    table.columns.map((column) => {
      const value = row[column.key];
      if (typeof value !== 'number') return value;
      if (column.format === 'money') return Number((value / 10 ** digits).toFixed(digits));
      if (column.format === 'percent') return Number((value * 100).toFixed(6));
      return value;
    }),
  );
  return [header, ...rows].map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('');
};

/** `analytics-cohorts-retention-2025-01-01-2025-12-31.csv`. */
export const csvFileNameOf = (
  view: string,
  table: AnalyticsTable,
  range: { from: string; to: string },
): string =>
  `${[view, table.key, range.from, range.to].join('-').replace(/[^A-Za-z0-9_-]+/g, '-')}.csv`;

/** Saves a CSV text as a file (UTF-8 with a byte-order mark, so spreadsheets read accents). */
export const saveCsv = (fileName: string, csv: string): void => {
  const objectUrl = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
};
