import { Group, NumberInput, Select } from '@mantine/core';
import {
  DISTANCE_UNITS,
  MASS_UNITS,
  type LabelParcel,
} from '@atelier/contract/fulfillment/shipment';

/** A parcel as the form holds it (a field being typed may be empty). */
export type ParcelDraft = {
  weight: number | string;
  massUnit: LabelParcel['massUnit'];
  length: number | string;
  width: number | string;
  height: number | string;
  distanceUnit: LabelParcel['distanceUnit'];
};

/** Spec §9 default parcel units: lb and in. */
export const EMPTY_PARCEL: ParcelDraft = {
  weight: '',
  massUnit: 'lb',
  length: '',
  width: '',
  height: '',
  distanceUnit: 'in',
};

/** The parcel to send, or null while a number is missing or not above 0. */
export const parcelOf = (draft: ParcelDraft): LabelParcel | null => {
  const numbers = [draft.weight, draft.length, draft.width, draft.height];
  if (!numbers.every((value) => typeof value === 'number' && value > 0)) return null;
  return {
    weight: draft.weight as number,
    massUnit: draft.massUnit,
    length: draft.length as number,
    width: draft.width as number,
    height: draft.height as number,
    distanceUnit: draft.distanceUnit,
  };
};

type ParcelFieldsProps = {
  value: ParcelDraft;
  onChange: (next: ParcelDraft) => void;
  /** The server's messages by field (`parcel.weight`…). */
  errors: Record<string, string>;
};

/** Spec §3 shipping label draft, the parcel: weight with its unit, the three sides with theirs. */
export const ParcelFields = ({ value, onChange, errors }: ParcelFieldsProps) => {
  const set = (patch: Partial<ParcelDraft>) => onChange({ ...value, ...patch });
  return (
    <>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <NumberInput
          label="Weight"
          value={value.weight}
          onChange={(weight) => set({ weight })}
          min={0}
          decimalScale={3}
          required
          error={errors['parcel.weight']}
          style={{ flex: 1 }}
        />
        <Select
          label="Unit"
          aria-label="Weight unit"
          data={[...MASS_UNITS]}
          value={value.massUnit}
          onChange={(unit) => unit && set({ massUnit: unit })}
          allowDeselect={false}
          w={90}
        />
      </Group>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        {(['length', 'width', 'height'] as const).map((side) => (
          <NumberInput
            key={side}
            label={side[0]!.toUpperCase() + side.slice(1)}
            value={value[side]}
            onChange={(next) => set({ [side]: next })}
            min={0}
            decimalScale={2}
            required
            error={errors[`parcel.${side}`]}
            style={{ flex: 1 }}
          />
        ))}
        <Select
          label="Unit"
          aria-label="Length unit"
          data={[...DISTANCE_UNITS]}
          value={value.distanceUnit}
          onChange={(unit) => unit && set({ distanceUnit: unit })}
          allowDeselect={false}
          w={90}
        />
      </Group>
    </>
  );
};
