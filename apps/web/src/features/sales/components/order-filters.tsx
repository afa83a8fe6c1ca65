import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  FINANCIAL_STATUS_LABELS,
  FINANCIAL_STATUSES,
  ORDER_ORIGIN_LABELS,
  ORDER_ORIGINS,
  type FinancialStatus,
  type OrderOrigin,
} from '@atelier/contract/sales/order-values';
import { useOrderOrigins } from '../api/order-queries';

/** The filters of /orders beside the tab and the search; each lives in the address. */
export type OrderFilterValues = {
  origin?: OrderOrigin | undefined;
  financialStatus?: FinancialStatus | undefined;
  /** Days, YYYY-MM-DD (UTC). */
  placedFrom?: string | undefined;
  placedTo?: string | undefined;
};

type OrderFiltersProps = {
  values: OrderFilterValues;
  onChange: (next: OrderFilterValues) => void;
};

/**
 * Origin (with the store's count of each, spec §7 order-origins), payment and the days placed.
 * Native date fields: typed or picked, from the keyboard too.
 */
export const OrderFilters = ({ values, onChange }: OrderFiltersProps) => {
  const origins = useOrderOrigins();
  const countOf = new Map(origins.data?.items.map((item) => [item.origin, item.count]));
  const isFiltered = Object.values(values).some((value) => value !== undefined);
  const set = (patch: OrderFilterValues) => onChange({ ...values, ...patch });

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {/* Two a row on a phone, one row from a tablet on. */}
      <SimpleGrid
        cols={{ base: 2, md: 4 }}
        spacing="sm"
        verticalSpacing="xs"
        maw={720}
        style={{ flex: 1 }}
      >
        <Select
          label="Origin"
          placeholder="Any origin"
          size="xs"
          clearable
          value={values.origin ?? null}
          onChange={(value) => set({ origin: value ?? undefined })}
          data={ORDER_ORIGINS.map((origin) => ({
            value: origin,
            label: countOf.has(origin)
              ? `${ORDER_ORIGIN_LABELS[origin]} (${countOf.get(origin)!.toLocaleString('en-US')})`
              : ORDER_ORIGIN_LABELS[origin],
          }))}
        />
        <Select
          label="Payment"
          placeholder="Any payment"
          size="xs"
          clearable
          value={values.financialStatus ?? null}
          onChange={(value) => set({ financialStatus: value ?? undefined })}
          data={FINANCIAL_STATUSES.map((status) => ({
            value: status,
            label: FINANCIAL_STATUS_LABELS[status],
          }))}
        />
        <TextInput
          type="date"
          label="Placed from"
          size="xs"
          value={values.placedFrom ?? ''}
          max={values.placedTo}
          onChange={(event) => set({ placedFrom: event.currentTarget.value || undefined })}
        />
        <TextInput
          type="date"
          label="Placed to"
          size="xs"
          value={values.placedTo ?? ''}
          min={values.placedFrom}
          onChange={(event) => set({ placedTo: event.currentTarget.value || undefined })}
        />
      </SimpleGrid>
      {isFiltered ? (
        <Button
          variant="subtle"
          size="xs"
          onClick={() =>
            onChange({
              origin: undefined,
              financialStatus: undefined,
              placedFrom: undefined,
              placedTo: undefined,
            })
          }
        >
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
};
