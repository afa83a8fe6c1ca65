import { Text } from '@mantine/core';
import { countryNameOf } from '@atelier/contract/common/format';
import type { PostalAddress } from '@atelier/contract/sales/order';

/** An address as it is written on a parcel, one part a line ("Raleigh NC 27601"). */
export const postalAddressLines = (address: PostalAddress): string[] =>
  [
    address.name,
    address.company,
    address.line1,
    address.line2,
    [address.city, address.stateCode, address.postalCode].filter(Boolean).join(' '),
    address.countryCode ? countryNameOf(address.countryCode) : null,
    address.phone,
  ].filter((line): line is string => Boolean(line));

type PostalAddressLinesProps = { address: PostalAddress; size?: 'xs' | 'sm' | 'md' };

/** A postal address, one line each (an `<address>`), long words wrapped. */
export const PostalAddressLines = ({ address, size = 'sm' }: PostalAddressLinesProps) => (
  <Text
    component="address"
    size={size}
    fs="normal"
    style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
  >
    {postalAddressLines(address).join('\n')}
  </Text>
);
