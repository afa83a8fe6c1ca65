import { Alert, Badge, Divider, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { formatMoney } from '@atelier/contract/common/money';
import type { StoreOrder } from '@atelier/contract/sales/order';
import { ORDER_ORIGIN_LABELS } from '@atelier/contract/sales/order-values';
import { AppAnchor } from '@/components/ui/app-anchor';
import { hrefs, paths } from '@/config/paths';
import { useCountries } from '@/features/catalog/api/country-queries';
import { OrderFulfillmentPanel } from '@/features/fulfillment/components/order-fulfillment-panel';
import { WholesaleRequirementsSection } from '@/features/fulfillment/components/wholesale-requirements-section';
import { useOrder } from '@/features/sales/api/order-queries';
import {
  customerLabel,
  financialStatusLabel,
  formatPlacedAt,
  OrderStatusBadge,
} from '@/features/sales/components/order-labels';
import { OrderLines } from '@/features/sales/components/order-lines';
import { OrderNoteEditor } from '@/features/sales/components/order-note-editor';
import { OrderNotesPanel } from '@/features/sales/components/order-notes-panel';
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

const OrderView = ({ order }: { order: StoreOrder }) => {
  const refunded = order.refunds.reduce((sum, refund) => sum + refund.amount.amount, 0);
  return (
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
            <OrderLines order={order} />
            <OrderFulfillmentPanel orderId={order.id} />
            <WholesaleRequirementsSection
              orderId={order.id}
              isWholesale={order.origin === 'MANUAL_WHOLESALE'}
            />
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
                {refunded > 0 ? (
                  <>
                    <Divider my={2} />
                    <TotalRow
                      label="Refunded"
                      value={`−${formatMoney({ amount: refunded, currencyCode: order.currencyCode })}`}
                    />
                    <TotalRow
                      label="Net"
                      value={formatMoney({
                        amount: order.total.amount - refunded,
                        currencyCode: order.currencyCode,
                      })}
                      strong
                    />
                  </>
                ) : null}
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
            <OrderNotesPanel orderId={order.id} timeZone={order.timeZone} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
};

/**
 * Spec §2 /order-details/{id}: one order of the store, its lines (each canceled in part or whole
 * until the order is sent), totals with what was refunded, customer, addresses, note, the
 * operation history and the team's notes.
 */
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
