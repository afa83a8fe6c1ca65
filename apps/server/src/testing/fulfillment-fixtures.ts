/**
 * Fixtures of the fulfillment center's route tests: a ship-to address the local rate table and
 * the address check accept (Raleigh, NC, near the center), and a 2 lb parcel of 10 × 8 × 4 in.
 */
export const RALEIGH = {
  name: 'Jane Doe',
  company: null,
  line1: '120 Main St',
  line2: null,
  city: 'Raleigh',
  stateCode: 'NC',
  postalCode: '27601',
  countryCode: 'US',
  phone: null,
};

export const PARCEL = {
  weight: 2,
  massUnit: 'lb',
  length: 10,
  width: 8,
  height: 4,
  distanceUnit: 'in',
};
