import { Table, Text } from '@mantine/core';
import type { CheckoutTotals } from '@atelier/contract/orders/checkout-totals';
import { formatAmount, formatBasisPoints } from '../orders-format';

type Row = { key: string; label: string; amount: string; isTotal?: boolean };

const rowsOf = (totals: CheckoutTotals): Row[] => {
  const money = (amount: number) => formatAmount(amount, totals.currencyCode);
  const hasBothKinds = totals.productSubtotal > 0 && totals.designSubtotal > 0;
  return [
    ...(hasBothKinds
      ? [
          { key: 'products', label: 'Products', amount: money(totals.productSubtotal) },
          { key: 'design', label: 'Design services', amount: money(totals.designSubtotal) },
        ]
      : []),
    { key: 'subtotal', label: 'Subtotal', amount: money(totals.subtotal) },
    ...(totals.discountCode
      ? [
          {
            key: 'discount',
            label: `Discount (${totals.discountCode})`,
            amount: `−${money(totals.discount)}`,
          },
        ]
      : []),
    { key: 'shipping', label: 'Shipping', amount: money(totals.shipping) },
    ...(totals.handling > 0
      ? [{ key: 'handling', label: 'Handling', amount: money(totals.handling) }]
      : []),
    ...totals.fees.map((fee) => ({
      key: fee.key,
      label: `${fee.label} (${formatBasisPoints(fee.basisPoints)} of ${money(fee.base)})`,
      amount: money(fee.amount),
    })),
    { key: 'total', label: 'Total', amount: money(totals.total), isTotal: true },
  ];
};

type CheckoutTotalsTableProps = {
  totals: CheckoutTotals;
  /** Read by screen readers: "Order total", "Paid". */
  caption?: string;
};

/**
 * Issue 12 Totals as a table: subtotal, discount, shipping, each fee with its rate and base,
 * and the total. Amounts are the contract's (integer minor units), shown in their currency.
 */
export const CheckoutTotalsTable = ({ totals, caption = 'Totals' }: CheckoutTotalsTableProps) => (
  <Table
    verticalSpacing={6}
    horizontalSpacing={0}
    withRowBorders={false}
    aria-label={caption}
    data-testid="checkout-totals"
  >
    <Table.Tbody>
      {rowsOf(totals).map((row) => (
        <Table.Tr
          key={row.key}
          style={
            row.isTotal ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined
          }
        >
          <Table.Th scope="row" fw={row.isTotal ? 700 : 400} pr="md">
            <Text size="sm" fw={row.isTotal ? 700 : 400} c={row.isTotal ? undefined : 'dimmed'}>
              {row.label}
            </Text>
          </Table.Th>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm" fw={row.isTotal ? 700 : 500}>
              {row.amount}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  </Table>
);
