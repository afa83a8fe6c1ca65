import { NumberInput, type NumberInputProps } from '@mantine/core';
import { minorDigitsOf } from '@atelier/contract/common/money';

type MoneyInputProps = Omit<
  NumberInputProps,
  'value' | 'onChange' | 'decimalScale' | 'prefix' | 'suffix' | 'allowNegative'
> & {
  /** In minor units of `currencyCode`; null (or NaN) while blank. */
  value: number | null;
  onChange: (amount: number | null) => void;
  currencyCode: string;
};

/** An amount typed in major units ($12.50) and kept in integer minor units (1250, ADR 0007). */
export const MoneyInput = ({ value, onChange, currencyCode, ...props }: MoneyInputProps) => {
  const digits = minorDigitsOf(currencyCode);
  const factor = 10 ** digits;
  return (
    <NumberInput
      {...props}
      decimalScale={digits}
      fixedDecimalScale
      hideControls
      allowNegative={false}
      thousandSeparator=","
      prefix={currencyCode === 'USD' ? '$' : undefined}
      suffix={currencyCode === 'USD' ? undefined : ` ${currencyCode}`}
      value={value === null || Number.isNaN(value) ? '' : value / factor}
      onChange={(next) => {
        const major = typeof next === 'number' ? next : next.trim() === '' ? NaN : Number(next);
        onChange(Number.isNaN(major) ? null : Math.round(major * factor));
      }}
    />
  );
};
