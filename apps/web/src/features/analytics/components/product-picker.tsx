import { Select } from '@mantine/core';
import type { AnalyticsViewResult } from '@atelier/contract/analytics/views';

/**
 * The products a view about one product offers to switch to: the one it is about, then the rows
 * of its "products" table (the products in most orders of the range), each once.
 */
export const productChoicesOf = (result: AnalyticsViewResult): string[] => {
  const listed = result.tables
    .find((table) => table.key === 'products')
    ?.rows.map((row) => row.product)
    .filter((product): product is string => typeof product === 'string');
  return [
    ...new Set([...(result.product === undefined ? [] : [result.product]), ...(listed ?? [])]),
  ];
};

type ProductPickerProps = {
  product: string;
  choices: string[];
  onChange: (product: string) => void;
};

/**
 * The product X of "what customers buy next after X" (issue 14): a searchable list of the
 * products in most orders; the choice goes into the address (`?product=…`), so it is shared and
 * kept when the range changes.
 */
export const ProductPicker = ({ product, choices, onChange }: ProductPickerProps) => (
  <Select
    label="What customers bought next after"
    description="One of the products in most orders of the range"
    data={choices}
    value={product}
    onChange={(value) => {
      if (value && value !== product) onChange(value);
    }}
    searchable
    allowDeselect={false}
    nothingFoundMessage="No product of the list has that name"
    maw={480}
  />
);
