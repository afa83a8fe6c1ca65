import { NumberInput } from '@mantine/core';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type NumberFieldProps<T extends FieldValues> = {
  control: Control<T, unknown, unknown>;
  name: FieldPath<T>;
  label: string;
  error: string | undefined;
  required?: boolean;
  allowDecimal?: boolean;
  description?: string;
  rightSection?: React.ReactNode;
};

/** A number field of a react-hook-form form: undefined while empty, never a string. */
export const NumberField = <T extends FieldValues>({
  control,
  name,
  label,
  error,
  required = false,
  allowDecimal = false,
  description,
  rightSection,
}: NumberFieldProps<T>) => (
  <Controller
    control={control}
    name={name}
    render={({ field }) => (
      <NumberInput
        label={label}
        description={description}
        required={required}
        min={0}
        allowDecimal={allowDecimal}
        allowNegative={false}
        thousandSeparator=","
        name={field.name}
        ref={field.ref}
        onBlur={field.onBlur}
        value={field.value ?? ''}
        onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
        error={error}
        rightSection={rightSection}
        rightSectionWidth={rightSection ? 56 : undefined}
      />
    )}
  />
);
