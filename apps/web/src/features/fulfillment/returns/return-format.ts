import type { ReturnStatus } from '@atelier/contract/fulfillment/returns';

export const RETURN_STATUS_COLORS: Record<ReturnStatus, string> = {
  CREATED: 'blue',
  SHIPPING: 'violet',
  RECEIVED: 'green',
  CANCELED: 'gray',
};

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** An instant as the viewer's day: "Nov 26, 2026". */
export const formatDate = (iso: string): string => dateFormat.format(new Date(iso));
