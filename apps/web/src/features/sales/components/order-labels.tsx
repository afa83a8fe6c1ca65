import { Badge } from '@mantine/core';
import type { StoreOrderSummary } from '@atelier/contract/sales/order';
import {
  FINANCIAL_STATUS_LABELS,
  PRODUCTION_STATUS_LABELS,
} from '@atelier/contract/sales/order-values';

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * When an order was placed, in the time zone it was placed in ("Mar 1, 2011, 10:00 AM"); an
 * unknown zone falls back to UTC.
 */
export const formatPlacedAt = (placedAt: string, timeZone: string): string => {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone,
      });
    } catch {
      format = new Intl.DateTimeFormat('en-US', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'UTC',
      });
    }
    dateTimeFormats.set(timeZone, format);
  }
  return format.format(new Date(placedAt));
};

/**
 * The customer as a person reads it: their name, else their e-mail, else their id at the channel
 * ("Customer 17850"), else "Guest" for an order without one.
 */
export const customerLabel = (customer: StoreOrderSummary['customer']): string => {
  if (!customer) return 'Guest';
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ');
  return (
    name ||
    customer.email ||
    (customer.externalId ? `Customer ${customer.externalId}` : 'Customer without a name')
  );
};

const PRODUCTION_COLORS = {
  OUTSTANDING: 'yellow',
  PROCESSING: 'blue',
  ON_HOLD: 'orange',
  FINISHED: 'green',
} as const;

/** Where the order stands, in words: canceled orders say so before their production state. */
export const OrderStatusBadge = ({
  order,
}: {
  order: Pick<StoreOrderSummary, 'productionStatus' | 'cancelState'>;
}) =>
  order.cancelState === 'CANCELED' ? (
    <Badge variant="light" color="gray" miw="max-content">
      Canceled
    </Badge>
  ) : (
    <Badge variant="light" color={PRODUCTION_COLORS[order.productionStatus]} miw="max-content">
      {PRODUCTION_STATUS_LABELS[order.productionStatus]}
      {order.cancelState === 'PARTIAL' ? ' · partly canceled' : ''}
    </Badge>
  );

export const financialStatusLabel = (order: Pick<StoreOrderSummary, 'financialStatus'>) =>
  FINANCIAL_STATUS_LABELS[order.financialStatus];
