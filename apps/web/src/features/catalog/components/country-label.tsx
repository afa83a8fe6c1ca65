import { Text, type TextProps } from '@mantine/core';
import { canShowFlagEmoji } from '@/lib/flag-support';
import { flagPrefix } from '../catalog-format';

type CountryLabelProps = TextProps & { countryCode: string; countryName: string };

export const CountryLabel = ({ countryCode, countryName, ...props }: CountryLabelProps) => (
  <Text span {...props}>
    <span aria-hidden>{flagPrefix(countryCode, canShowFlagEmoji())}</span>
    {countryName}
  </Text>
);
