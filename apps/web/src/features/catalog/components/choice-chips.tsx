import { Chip, Group } from '@mantine/core';

type ChoiceChipsProps<T extends string | number> = {
  options: readonly { value: T; label: string }[];
  /** The chosen option; `undefined` for none. */
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  /** A name for the group, for screen readers. */
  label: string;
};

/** One choice among chips; choosing the chosen chip again clears it. */
export const ChoiceChips = <T extends string | number>({
  options,
  value,
  onChange,
  label,
}: ChoiceChipsProps<T>) => (
  <Group gap={6} role="group" aria-label={label}>
    {options.map((option) => (
      <Chip
        key={String(option.value)}
        size="xs"
        checked={value === option.value}
        onChange={(checked) => onChange(checked ? option.value : undefined)}
      >
        {option.label}
      </Chip>
    ))}
  </Group>
);
