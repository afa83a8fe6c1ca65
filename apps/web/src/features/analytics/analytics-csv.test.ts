import { describe, expect, it } from 'vitest';
import type { AnalyticsTable } from '@atelier/contract/analytics/views';
import { aViewResult } from '@/testing/analytics-factories';
import { csvFileNameOf, tableToCsv } from './analytics-csv';

const [months, codes] = aViewResult().tables as [AnalyticsTable, AnalyticsTable];

describe('tableToCsv', () => {
  it('writes money in major units and percent as a percentage, with the unit in the header', () => {
    expect(tableToCsv(months, 'USD')).toBe(
      'Month,Orders,Revenue (USD),Share of revenue (%)\r\n' +
        '2025-01,12,400,32\r\n' +
        '2025-02,10,350,28\r\n' +
        '2025-03,18,500,40\r\n',
    );
  });

  it('prefixes texts a spreadsheet would run as formulas, quotes commas and quotes, keeps numbers', () => {
    expect(tableToCsv(codes, 'USD')).toBe(
      'Code,Discount given (USD)\r\n' +
        '"SPRING, ""10""",12.5\r\n' +
        `"'=HYPERLINK(""http://evil"")",0\r\n` +
        "'-5 OFF,-3\r\n",
    );
  });

  it('uses the currency’s own minor unit and leaves empty cells empty', () => {
    const table: AnalyticsTable = {
      key: 't',
      title: 'T',
      columns: [
        { key: 'name', label: '@name', format: 'text' },
        { key: 'amount', label: 'Amount', format: 'money' },
      ],
      rows: [{ name: null, amount: 1_500 }, { name: '+1' }],
    };
    expect(tableToCsv(table, 'JPY')).toBe("'@name,Amount (JPY)\r\n,1500\r\n'+1,\r\n");
  });
});

describe('csvFileNameOf', () => {
  it('names the file by view, table and range', () => {
    expect(csvFileNameOf('analytics-order', months, { from: '2025-01-01', to: '2025-03-31' })).toBe(
      'analytics-order-by-month-2025-01-01-2025-03-31.csv',
    );
  });
});
