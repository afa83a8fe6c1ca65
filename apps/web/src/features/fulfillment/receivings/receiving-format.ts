import type { ReceivingSource, ReceivingStatus } from '@atelier/contract/fulfillment/receiving';

export const RECEIVING_STATUS_COLORS: Record<ReceivingStatus, string> = {
  NEEDS_MAPPING: 'orange',
  IN_TRANSIT: 'blue',
  RECEIVED: 'green',
  CANCELED: 'gray',
};

export const RECEIVING_SOURCE_LABELS: Record<ReceivingSource, string> = {
  SOURCING_ORDER: 'Sourcing order',
  INTAKE: 'Bought elsewhere',
};

// A YYYY-MM-DD day is that day wherever the viewer is, so it is read and written in UTC.
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A YYYY-MM-DD day as "Dec 1, 2026". */
export const formatDay = (day: string): string => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** An instant as the viewer's day: "Nov 26, 2026". */
export const formatDate = (iso: string): string => dateFormat.format(new Date(iso));

export const formatUnits = (units: number): string => units.toLocaleString('en-US');

/** Received − expected with its sign: "−3" when short (a true minus sign), "+2" when over. */
export const formatDiscrepancy = (discrepancy: number): string =>
  discrepancy < 0
    ? `−${formatUnits(-discrepancy)}`
    : discrepancy > 0
      ? `+${formatUnits(discrepancy)}`
      : '0';
