import { Button, Group, Input, NumberInput, SegmentedControl, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  checkPredictiveDraft,
  MAX_HORIZON_DAYS,
  type PredictionTimeUnit,
  type PredictiveSettings,
} from '../predictive-search';

const TIME_UNIT_CHOICES: { value: PredictionTimeUnit; label: string }[] = [
  { value: 'week', label: 'Weeks' },
  { value: 'day', label: 'Days' },
];

/** A message beside each field, by field. */
export type PredictiveFieldErrors = Partial<
  Record<'calibrationEnd' | 'timeUnit' | 'horizonDays', string>
>;

type PredictiveControlsProps = {
  /** The settings of the fit shown (the address's or the defaults). */
  settings: PredictiveSettings;
  /** The server's refusal of the settings, by the field it names. */
  serverErrors: PredictiveFieldErrors;
  onChange: (settings: PredictiveSettings) => void;
};

/**
 * The calibration end and the holdout's length apply with Enter or "Fit"; the time unit at once.
 * The parent gives it a `key` of the settings shown, so the fields follow the address.
 */
export const PredictiveControls = ({
  settings,
  serverErrors,
  onChange,
}: PredictiveControlsProps) => {
  const [calibrationEnd, setCalibrationEnd] = useState(settings.calibrationEnd);
  const [horizonDays, setHorizonDays] = useState<number | string>(settings.horizonDays);
  const [draftErrors, setDraftErrors] = useState<PredictiveFieldErrors>({});
  const errors = { ...serverErrors, ...draftErrors };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkPredictiveDraft({ calibrationEnd, horizonDays });
    setDraftErrors(found);
    if (Object.keys(found).length > 0) return;
    onChange({ ...settings, calibrationEnd, horizonDays: Number(horizonDays) });
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Calibration and holdout settings">
      <Group gap="md" align="flex-start" wrap="wrap">
        <TextInput
          type="date"
          size="xs"
          label="Calibration end"
          description="The model learns from purchases up to this day"
          value={calibrationEnd}
          onChange={(event) => setCalibrationEnd(event.currentTarget.value)}
          error={errors.calibrationEnd}
          w={250}
        />
        <NumberInput
          size="xs"
          label="Holdout (days)"
          description="Checked against the purchases in these days after"
          value={horizonDays}
          onChange={setHorizonDays}
          min={1}
          max={MAX_HORIZON_DAYS}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          error={errors.horizonDays}
          w={270}
        />
        <Input.Wrapper
          size="xs"
          label="Count time in"
          description="Changes only the scale α"
          error={errors.timeUnit}
          id="predictive-time-unit"
        >
          <SegmentedControl
            size="xs"
            display="flex"
            mt={5}
            aria-label="Count time in"
            value={settings.timeUnit}
            onChange={(value) => onChange({ ...settings, timeUnit: value })}
            data={TIME_UNIT_CHOICES}
          />
        </Input.Wrapper>
        <Button type="submit" size="xs" mt={38}>
          Fit
        </Button>
      </Group>
    </form>
  );
};
