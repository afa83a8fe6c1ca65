import { formatMoney as formatMoneyOf } from '@atelier/contract/common/money';
import type { Invoice } from '@atelier/contract/orders/invoice';
import type { OrderItem } from '@atelier/contract/orders/order-item-api';
import type {
  CreatorOrderItemRow,
  CreatorOrderItemShipmentRow,
  SupplierInvoiceItemRow,
  SupplierInvoiceRow,
} from './orders.table';
import { trackingUrlOf } from './tracking-links';

/** An invoice as the API shows it: its live lines, each with the order item it became. */
export const toInvoice = (
  invoice: SupplierInvoiceRow,
  lines: readonly SupplierInvoiceItemRow[],
  items: readonly CreatorOrderItemRow[],
  names: { supplierName: string; storeTitle: string },
): Invoice => {
  const itemOfLine = new Map(items.map((item) => [item.invoiceItemId, item]));
  const shown = lines.filter((line) => line.invoiceId === invoice.id);
  const subtotal = shown.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  return {
    id: invoice.id,
    sn: invoice.sn,
    storeId: invoice.storeId,
    storeTitle: names.storeTitle,
    companyId: invoice.companyId,
    supplierName: names.supplierName,
    status: invoice.status,
    currencyCode: invoice.currencyCode,
    shippingMode: invoice.shippingMode,
    shippingAmount: invoice.shippingAmount,
    subtotal,
    total: subtotal + invoice.shippingAmount,
    leadTimeDays: invoice.leadTimeDays,
    notes: invoice.notes,
    lines: shown.map((line) => {
      const item = itemOfLine.get(line.id);
      return {
        id: line.id,
        title: line.title,
        category: line.category,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        amount: line.quantity * line.unitPrice,
        catalogItemId: line.catalogItemId,
        orderItemId: item?.id ?? null,
        orderItemStatus: item?.status ?? null,
      };
    }),
    createdAt: invoice.createdAt.toISOString(),
    paidAt: invoice.paidAt?.toISOString() ?? null,
    shippingAddress: invoice.shippingAddress ?? null,
    shippingAddressAddedAt: invoice.shippingAddressAddedAt?.toISOString() ?? null,
  };
};

/** A parcel of an order item as the API shows it, with the carrier's tracking page. */
export const toOrderItemShipment = (
  shipment: CreatorOrderItemShipmentRow,
): OrderItem['shipments'][number] => ({
  id: shipment.id,
  quantity: shipment.quantity,
  carrier: shipment.carrier,
  trackingNumber: shipment.trackingNumber,
  trackingUrl: trackingUrlOf(shipment.carrier, shipment.trackingNumber),
  shippedAt: shipment.shippedAt.toISOString(),
  receivedAt: shipment.receivedAt?.toISOString() ?? null,
});

/**
 * An order item as the API shows it, with its parcels (`shipments`, oldest first, the item's
 * own only); history only on the detail.
 */
export const toOrderItem = (
  row: CreatorOrderItemRow,
  names: { supplierName: string; storeTitle: string },
  history?: OrderItem['history'],
  shipments: readonly CreatorOrderItemShipmentRow[] = [],
): OrderItem => ({
  id: row.id,
  storeId: row.storeId,
  storeTitle: names.storeTitle,
  companyId: row.companyId,
  supplierName: names.supplierName,
  kind: row.kind,
  status: row.status,
  category: row.category,
  title: row.title,
  catalogItemId: row.catalogItemId,
  invoiceId: row.invoiceId,
  quantity: row.quantity,
  unitPrice: row.unitPrice,
  amount: row.quantity * row.unitPrice,
  shippingAmount: row.shippingAmount,
  currencyCode: row.currencyCode,
  shippingMode: row.shippingMode,
  receivingStatus: row.receivingStatus,
  deliveryStatus: row.deliveryStatus,
  destination: row.destination,
  paymentId: row.paymentId,
  trackingNumber: row.trackingNumber,
  carrier: row.carrier,
  shippedQuantity: row.shippedQuantity,
  receivedQuantity: row.receivedQuantity,
  shipments: shipments.filter((shipment) => shipment.itemId === row.id).map(toOrderItemShipment),
  cancelRequestedAt: row.cancelRequestedAt?.toISOString() ?? null,
  cancelReason: row.cancelReason,
  refundedAmount: row.refundedAmount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  ...(history ? { history } : {}),
});

/** An amount in minor units of its currency as people read it ("$1,234.56", "EUR 12.00"). */
export const formatMoney = (amount: number, currencyCode: string): string =>
  formatMoneyOf({ amount, currencyCode });
