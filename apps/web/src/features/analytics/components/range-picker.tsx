import { Button, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { AnalyticsSearch } from '../analytics-search';
import {
  checkRange,
  type DayRange,
  lastDays,
  previousPeriodOf,
  sameRangeLastYearOf,
  todayIn,
} from '../analytics-range';

export type CompareMode = 'none' | 'previous' | 'last-year' | 'custom';

const PRESET_DAYS = [30, 90, 365] as const;

const COMPARE_CHOICES: { value: CompareMode; label: string }[] = [
  { value: 'none', label: 'No comparison' },
  { value: 'previous', label: 'Previous period' },
  { value: 'last-year', label: 'Same days last year' },
  { value: 'custom', label: 'Custom' },
];

const isSameRange = (a: DayRange | null, b: DayRange) =>
  a !== null && a.from === b.from && a.to === b.to;

/** Which comparison a range and its comparison make. */
export const compareModeOf = (range: DayRange, compare: DayRange | null): CompareMode => {
  if (compare === null) return 'none';
  if (isSameRange(compare, previousPeriodOf(range))) return 'previous';
  if (isSameRange(compare, sameRangeLastYearOf(range))) return 'last-year';
  return 'custom';
};

/** The comparison a mode gives a range (custom keeps the one there is). */
const compareFor = (mode: CompareMode, range: DayRange, current: DayRange | null) => {
  if (mode === 'previous') return previousPeriodOf(range);
  if (mode === 'last-year') return sameRangeLastYearOf(range);
  if (mode === 'custom') return current;
  return null;
};

const toSearch = (range: DayRange, compare: DayRange | null): AnalyticsSearch => ({
  from: range.from,
  to: range.to,
  compareFrom: compare?.from,
  compareTo: compare?.to,
});

type RangePickerProps = {
  /** The range shown: the address's, or the server's default once the view is computed. */
  range: DayRange | null;
  compare: DayRange | null;
  /** The store's time zone, in which "today" of the presets is counted. */
  timeZone: string | null;
  onChange: (search: AnalyticsSearch) => void;
};

type Draft = { from: string; to: string; compareFrom: string; compareTo: string };

const draftOf = (range: DayRange | null, compare: DayRange | null): Draft => ({
  from: range?.from ?? '',
  to: range?.to ?? '',
  compareFrom: compare?.from ?? '',
  compareTo: compare?.to ?? '',
});

/**
 * The range of a view and its comparison: presets (last 30, 90, 365 days; previous period, the
 * same days last year) apply at once; typed dates apply with Enter or "Apply". The parent gives
 * it a `key` of the range shown, so the fields follow the address (presets, back and forward).
 */
export const RangePicker = ({ range, compare, timeZone, onChange }: RangePickerProps) => {
  const [draft, setDraft] = useState<Draft>(() => draftOf(range, compare));
  const [error, setError] = useState<string | undefined>();
  const [isChoosingCustom, setIsChoosingCustom] = useState(false);
  const mode: CompareMode = isChoosingCustom
    ? 'custom'
    : range
      ? compareModeOf(range, compare)
      : 'none';
  const isCustomCompare = mode === 'custom';

  const applyPreset = (days: number) => {
    const next = lastDays(days, todayIn(timeZone ?? 'UTC'));
    onChange(toSearch(next, range ? compareFor(mode, next, compare) : null));
  };

  const handleModeChange = (value: string) => {
    if (!range) return;
    if (value === 'custom') {
      // Typed comparison dates apply with the range, from the ones shown now.
      const start = compare ?? previousPeriodOf(range);
      setDraft((current) => ({ ...current, compareFrom: start.from, compareTo: start.to }));
      setIsChoosingCustom(true);
      return;
    }
    setIsChoosingCustom(false);
    onChange(toSearch(range, compareFor(value as CompareMode, range, compare)));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const rangeError = checkRange(draft);
    const compareError = isCustomCompare
      ? checkRange({ from: draft.compareFrom, to: draft.compareTo })
      : undefined;
    if (rangeError || compareError) {
      setError(rangeError ?? `Comparison: ${compareError ?? ''}`);
      return;
    }
    const next = { from: draft.from, to: draft.to };
    const nextCompare = isCustomCompare
      ? { from: draft.compareFrom, to: draft.compareTo }
      : compareFor(mode, next, compare);
    onChange(toSearch(next, nextCompare));
  };

  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setDraft((current) => ({ ...current, [name]: value }));
    },
  });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Date range">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          {PRESET_DAYS.map((days) => (
            <Button key={days} size="xs" variant="default" onClick={() => applyPreset(days)}>
              Last {days} days
            </Button>
          ))}
          <SegmentedControl
            size="xs"
            aria-label="Compare with"
            value={mode}
            onChange={handleModeChange}
            disabled={!range}
            data={COMPARE_CHOICES}
          />
        </Group>
        <form onSubmit={handleSubmit} noValidate>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput type="date" size="xs" label="From" required {...field('from')} />
            <TextInput type="date" size="xs" label="To" required {...field('to')} />
            {isCustomCompare ? (
              <>
                <TextInput type="date" size="xs" label="Compare from" {...field('compareFrom')} />
                <TextInput type="date" size="xs" label="Compare to" {...field('compareTo')} />
              </>
            ) : null}
            <Button type="submit" size="xs">
              Apply
            </Button>
          </Group>
        </form>
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
};
