import { SegmentedControl, Select } from '@mantine/core';
import type { ViewType } from '../search-state';

/** Spec §6 sourcing search view types, in the order the switcher shows them. */
export const VIEW_OPTIONS: { value: ViewType; label: string }[] = [
  { value: 'SUPPLIERS', label: 'Suppliers' },
  { value: 'EXPANDED_NETWORK', label: 'Expanded network' },
  { value: 'CATALOG_PRODUCTS', label: 'Catalog products' },
  { value: 'RFP', label: 'Custom projects' },
];

type ViewTypeSwitchProps = {
  value: ViewType;
  onChange: (viewType: ViewType) => void;
  /** Phones (issue 10): one row, a select, instead of four segments stacked. */
  compact: boolean;
};

/** The browse page's view switcher: segments on wider screens, a one-row select on phones. */
export const ViewTypeSwitch = ({ value, onChange, compact }: ViewTypeSwitchProps) =>
  compact ? (
    <Select
      aria-label="View"
      data={VIEW_OPTIONS}
      value={value}
      onChange={(next) => {
        const option = VIEW_OPTIONS.find((entry) => entry.value === next);
        if (option) onChange(option.value);
      }}
      allowDeselect={false}
      w="100%"
      data-testid="view-type"
    />
  ) : (
    <SegmentedControl
      aria-label="View"
      data={VIEW_OPTIONS}
      value={value}
      onChange={onChange}
      data-testid="view-type"
    />
  );
