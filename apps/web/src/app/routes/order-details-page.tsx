import { Alert, Badge, Grid, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { formatMoney } from '@atelier/contract/common/money';
import type { StoreOrder } from '@atelier/contract/sales/order';
import { ORDER_ORIGIN_LABELS } from '@atelier/contract/sales/order-values';
import { AppAnchor } from '@/components/ui/app-anchor';
import { hrefs, paths } from '@/config/paths';
import { useCountries } from '@/features/catalog/api/country-queries';
import { useOrder } from '@/features/sales/api/order-queries';
import {
  customerLabel,
  financialStatusLabel,
  formatPlacedAt,
  OrderStatusBadge,
} from '@/features/sales/components/order-labels';
import { OrderNoteEditor } from '@/features/sales/components/order-note-editor';
import { OrderSection } from '@/features/sales/components/order-section';
import { OrderStatusControl } from '@/features/sales/components/order-status-control';
import { OrderStatusTimeline } from '@/features/sales/components/order-status-timeline';
import { ShippingAddressEditor } from '@/features/sales/components/shipping-address-editor';
import { ApiError } from '@/lib/api-error';

const orderDetailsRoute = getRouteApi('/app/order-details/$id');

const TotalRow = ({ label, value, strong }: { label: string; value: string; strong?: boolean }) => (
  <Group justify="space-between">
    <Text size="sm" fw={strong ? 600 : undefined}>
      {label}
    </Text>
    <Text size="sm" fw={strong ? 600 : undefined}>
      {value}
    </Text>
  </Group>
);

const OrderView = ({ order }: { order: StoreOrder }) => (
  <Stack gap="lg">
    <Group justify="space-between" align="flex-start">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          Order {order.name}
        </Title>
        <Text c="dimmed">
          {formatPlacedAt(order.placedAt, order.timeZone)} · {ORDER_ORIGIN_LABELS[order.origin]}
          {order.externalId ? ` · ${order.externalId}` : ''}
        </Text>
      </Stack>
      <Group gap="xs">
        <OrderStatusBadge order={order} />
        <Badge variant="light" color="gray">
          {financialStatusLabel(order)}
        </Badge>
        <OrderStatusControl order={order} />
      </Group>
    </Group>
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          <OrderSection title={`Items (${order.itemCount.toLocaleString('en-US')})`}>
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="xs" data-testid="order-lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Item</Table.Th>
                    <Table.Th>SKU</Table.Th>
                    <Table.Th ta="right">Quantity</Table.Th>
                    <Table.Th ta="right">Unit price</Table.Th>
                    <Table.Th ta="right">Subtotal</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {order.lines.map((line) => (
                    <Table.Tr key={line.id}>
                      <Table.Td>
                        <Text size="sm">{line.title}</Text>
                        {line.variantTitle ? (
                          <Text size="xs" c="dimmed">
                            {line.variantTitle}
                          </Text>
                        ) : null}
                        {line.canceledQuantity > 0 ? (
                          <Text size="xs" c="red.8">
                            {line.canceledQuantity} canceled
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{line.sku ?? '–'}</Text>
                      </Table.Td>
                      <Table.Td ta="right">{line.quantity.toLocaleString('en-US')}</Table.Td>
                      <Table.Td ta="right">{formatMoney(line.unitPrice)}</Table.Td>
                      <Table.Td ta="right">
                        {formatMoney(line.subtotal)}
                        {line.discount.amount > 0 ? (
                          <Text size="xs" c="dimmed">
                            after {formatMoney(line.discount)} off
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </OrderSection>
          {order.refunds.length > 0 ? (
            <OrderSection title="Refunds">
              <Stack gap="xs">
                {order.refunds.map((refund) => (
                  <Group key={refund.id} justify="space-between">
                    <Text size="sm">
                      {formatPlacedAt(refund.createdAt, order.timeZone)}
                      {refund.note ? ` · ${refund.note}` : ''}
                    </Text>
                    <Text size="sm">−{formatMoney(refund.amount)}</Text>
                  </Group>
                ))}
              </Stack>
            </OrderSection>
          ) : null}
          <OrderNoteEditor order={order} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="lg">
          <OrderSection title="Summary">
            <Stack gap={6}>
              <TotalRow label="Subtotal" value={formatMoney(order.subtotal)} />
              {order.discountTotal.amount > 0 ? (
                <TotalRow
                  label={`Discounts${order.discountCodes.length > 0 ? ` (${order.discountCodes.join(', ')})` : ''}`}
                  value={`−${formatMoney(order.discountTotal)}`}
                />
              ) : null}
              <TotalRow label="Shipping" value={formatMoney(order.shippingTotal)} />
              <TotalRow label="Tax" value={formatMoney(order.taxTotal)} />
              <TotalRow label="Total" value={formatMoney(order.total)} strong />
            </Stack>
          </OrderSection>
          <OrderSection title="Customer">
            {order.customer ? (
              <AppAnchor href={hrefs.customerOrders(order.customer.id)} size="sm">
                {customerLabel(order.customer)}
              </AppAnchor>
            ) : (
              <Text size="sm">{customerLabel(order.customer)}</Text>
            )}
            {order.customer?.email ? (
              <Text size="sm" c="dimmed">
                {order.customer.email}
              </Text>
            ) : null}
          </OrderSection>
          <ShippingAddressEditor order={order} useCountries={useCountries} />
          <OrderStatusTimeline orderId={order.id} timeZone={order.timeZone} />
        </Stack>
      </Grid.Col>
    </Grid>
  </Stack>
);

/** Spec §2 /order-details/{id}: one order of the store, its lines, totals and customer. */
export const OrderDetailsPage = () => {
  const { id } = orderDetailsRoute.useParams();
  const order = useOrder(id);
  useDocumentTitle(order.data ? `Order ${order.data.name} · Atelier` : 'Order · Atelier');

  return (
    <Stack gap="md">
      <AppAnchor href={paths.orders} size="sm">
        ← All orders
      </AppAnchor>
      {order.data ? null : (
        <Title order={1} fz="h2">
          Order details
        </Title>
      )}
      {order.data ? (
        <OrderView order={order.data} />
      ) : order.isError ? (
        <Alert
          color={order.error instanceof ApiError && order.error.status !== null ? 'gray' : 'red'}
          title={
            order.error instanceof ApiError &&
            (order.error.status === 404 || order.error.status === 400)
              ? 'There is no such order in this store'
              : 'The order could not be loaded'
          }
        >
          <AppAnchor href={paths.orders} size="sm">
            Back to the orders
          </AppAnchor>
        </Alert>
      ) : (
        <Stack gap="md" aria-busy="true" aria-label="Loading the order">
          <Skeleton height={40} width={280} />
          <Skeleton height={240} />
        </Stack>
      )}
    </Stack>
  );
};
