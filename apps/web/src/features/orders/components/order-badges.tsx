import { Badge } from '@mantine/core';
import type { InvoiceStatus } from '@atelier/contract/orders/invoice';
import {
  ORDER_ITEM_STATUS_LABELS,
  type OrderItemStatus,
} from '@atelier/contract/orders/order-item';
import {
  INVOICE_STATUS_COLORS,
  INVOICE_STATUS_LABELS,
  ORDER_ITEM_STATUS_COLORS,
} from '../orders-format';

/** Spec §4 order item status in words ("In production"), never the code. */
export const OrderItemStatusBadge = ({ status }: { status: OrderItemStatus }) => (
  <Badge variant="light" color={ORDER_ITEM_STATUS_COLORS[status]} miw="max-content" tt="none">
    {ORDER_ITEM_STATUS_LABELS[status]}
  </Badge>
);

/** Issue 12 partial shipments: "Partially shipped" or "Partially received". */
export const PartialProgressBadge = ({
  progress,
}: {
  progress: 'Partially shipped' | 'Partially received';
}) => (
  <Badge variant="outline" color="teal" miw="max-content" tt="none">
    {progress}
  </Badge>
);

export const InvoiceStatusBadge = ({ status }: { status: InvoiceStatus }) => (
  <Badge variant="light" color={INVOICE_STATUS_COLORS[status]} miw="max-content" tt="none">
    {INVOICE_STATUS_LABELS[status]}
  </Badge>
);
