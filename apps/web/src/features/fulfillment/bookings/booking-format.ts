import type {
  FreightBooking,
  FreightStatus,
  QcStatus,
  SupportTicketStatus,
} from '@atelier/contract/fulfillment/bookings';

export { formatDate, formatDay } from '../receivings/receiving-format';

export const FREIGHT_STATUS_COLORS: Record<FreightStatus, string> = {
  REQUESTED: 'blue',
  QUOTED: 'violet',
  BOOKED: 'teal',
  DELIVERED: 'green',
  CANCELED: 'gray',
};

export const QC_STATUS_COLORS: Record<QcStatus, string> = {
  REQUESTED: 'blue',
  SCHEDULED: 'teal',
  PASSED: 'green',
  FAILED: 'red',
  CANCELED: 'gray',
};

export const TICKET_STATUS_COLORS: Record<SupportTicketStatus, string> = {
  OPEN: 'blue',
  ANSWERED: 'teal',
  CLOSED: 'gray',
};

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "1,200 lb", "80.5 kg". */
export const formatWeight = (booking: Pick<FreightBooking, 'weight' | 'weightUnit'>) =>
  `${number.format(booking.weight)} ${booking.weightUnit}`;

/** "48 × 40 × 50 in". */
export const formatSides = (
  booking: Pick<FreightBooking, 'length' | 'width' | 'height' | 'dimensionUnit'>,
) =>
  `${number.format(booking.length)} × ${number.format(booking.width)} × ${number.format(booking.height)} ${booking.dimensionUnit}`;

/** "2 pallets", "1 carton". */
export const formatHandlingUnits = (
  booking: Pick<FreightBooking, 'unitCount' | 'handlingUnit'>,
) => {
  const noun = booking.handlingUnit === 'PALLET' ? 'pallet' : 'carton';
  return `${booking.unitCount.toLocaleString('en-US')} ${noun}${booking.unitCount === 1 ? '' : 's'}`;
};
