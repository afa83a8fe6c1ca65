import type { FieldIssue } from '@atelier/contract/common/errors';
import type { PostalAddress } from '@atelier/contract/sales/order';

/** The reference data an address is checked against (reference module). */
export type AddressReference = {
  findCountry(
    code: string,
  ): Promise<{ code: string; name: string; postalCodeRegex: string | null } | undefined>;
  listStates(countryCode: string): Promise<{ code: string; name: string }[]>;
};

/**
 * Spec §2 /add-shipping-address (issue 12): what is wrong with a shipping address, field by
 * field (`<at>.<field>`, `at` defaulting to checkout's `shippingAddress`; with `at` '' the body
 * is the address and the field is its part, `postalCode`): name, first line, city and country
 * are required; the country must be in the reference data; a country with states needs one of
 * them; the postal code must match the country's pattern where the reference data has one. Empty
 * when it is fine.
 */
export const shippingAddressIssues = async (
  address: PostalAddress | null,
  reference: AddressReference,
  at = 'shippingAddress',
): Promise<FieldIssue[]> => {
  const field = (name: string) => (at ? `${at}.${name}` : name);
  if (!address) return [{ field: at || 'body', message: 'Add where the goods should go.' }];
  const issues: FieldIssue[] = [];
  if (!address.name) issues.push({ field: field('name'), message: 'Enter the recipient’s name.' });
  if (!address.line1) issues.push({ field: field('line1'), message: 'Enter the street address.' });
  if (!address.city) issues.push({ field: field('city'), message: 'Enter the city.' });
  if (!address.countryCode) {
    issues.push({ field: field('countryCode'), message: 'Choose the country.' });
    return issues;
  }
  const country = await reference.findCountry(address.countryCode);
  if (!country) {
    issues.push({
      field: field('countryCode'),
      message: `${address.countryCode} is not a country we know.`,
    });
    return issues;
  }
  const states = await reference.listStates(country.code);
  if (states.length > 0) {
    if (!address.stateCode) {
      issues.push({
        field: field('stateCode'),
        message: `Choose the state or province in ${country.name}.`,
      });
    } else if (!states.some((state) => state.code === address.stateCode)) {
      issues.push({
        field: field('stateCode'),
        message: `${address.stateCode} is not a state or province of ${country.name}.`,
      });
    }
  }
  if (country.postalCodeRegex) {
    let pattern: RegExp | null;
    try {
      pattern = new RegExp(`^(?:${country.postalCodeRegex})$`);
    } catch {
      pattern = null; // a pattern JavaScript cannot read checks nothing
    }
    if (!address.postalCode) {
      issues.push({ field: field('postalCode'), message: `Enter the postal code.` });
    } else if (pattern && !pattern.test(address.postalCode)) {
      issues.push({
        field: field('postalCode'),
        message: `${address.postalCode} is not a postal code of ${country.name}.`,
      });
    }
  }
  return issues;
};
