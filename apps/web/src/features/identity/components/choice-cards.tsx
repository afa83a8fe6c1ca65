import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';

type ChoiceCardsProps<T extends string> = {
  label: string;
  name: string;
  options: readonly { value: T; label: string; description: string }[];
  value: T | undefined;
  onChange: (value: T) => void;
  error?: string | undefined;
  columns?: number;
};

/** A radio group drawn as cards; arrow keys move between them like any radio group. */
export const ChoiceCards = <T extends string>({
  label,
  name,
  options,
  value,
  onChange,
  error,
  columns = 1,
}: ChoiceCardsProps<T>) => (
  <Radio.Group
    label={label}
    name={name}
    value={value ?? null}
    onChange={(next) => {
      const option = options.find((candidate) => candidate.value === next);
      if (option) onChange(option.value);
    }}
    error={error}
    withAsterisk
  >
    <SimpleGrid cols={{ base: 1, sm: columns }} spacing="sm" mt="xs">
      {options.map((option) => (
        <Radio.Card
          key={option.value}
          value={option.value}
          p="md"
          radius="md"
          data-value={option.value}
        >
          <Group wrap="nowrap" align="flex-start" gap="sm">
            <Radio.Indicator />
            <Stack gap={2}>
              <Text fw={600} size="sm">
                {option.label}
              </Text>
              <Text size="xs" c="dimmed">
                {option.description}
              </Text>
            </Stack>
          </Group>
        </Radio.Card>
      ))}
    </SimpleGrid>
  </Radio.Group>
);
