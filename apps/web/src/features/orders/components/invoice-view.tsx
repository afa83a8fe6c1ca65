import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck, IconMapPin, IconShoppingCartPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { Invoice } from '@atelier/contract/orders/invoice';
import {
  ORDER_ITEM_STATUS_LABELS,
  SHIPPING_MODE_LABELS,
  type OrderItemStatus,
  type ShippingMode,
} from '@atelier/contract/orders/order-item';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { LinkButton } from '@/components/ui/link-button';
import { PostalAddressLines } from '@/components/ui/postal-address-lines';
import { isApiError } from '@/lib/api-error';
import { showSuccessToast } from '@/lib/notify';
import { useAddInvoiceToCart, useRemoveInvoiceLine } from '../api/invoice-queries';
import { formatAmount, formatDateTime, INVOICE_LINE_CATEGORY_LABELS } from '../orders-format';
import { InvoiceStatusBadge } from './order-badges';

type InvoiceLine = Invoice['lines'][number];

/** A line may come off an open invoice until it is paid for. */
const isRemovable = (line: InvoiceLine) =>
  line.orderItemStatus === null ||
  line.orderItemStatus === 'IN_SHOPPING_CART' ||
  line.orderItemStatus === 'NOT_PURCHASED';

const lineStatusOf = (line: InvoiceLine): string | null =>
  line.orderItemStatus && line.orderItemStatus !== 'NOT_PURCHASED'
    ? (ORDER_ITEM_STATUS_LABELS[line.orderItemStatus as OrderItemStatus] ?? null)
    : null;

const shippingModeLabel = (mode: string) =>
  SHIPPING_MODE_LABELS[mode as ShippingMode] ?? mode.toLowerCase().replace(/_/g, ' ');

type RemoveLineModalProps = { line: InvoiceLine | null; onClose: () => void };

const RemoveLineModal = ({ line, onClose }: RemoveLineModalProps) => {
  const remove = useRemoveInvoiceLine();
  const [error, setError] = useState<string | null>(null);
  // The last line asked about stays named while the modal closes.
  const [shownLine, setShownLine] = useState(line);
  if (line && line !== shownLine) setShownLine(line);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal opened={line !== null} onClose={close} title="Remove this line?" centered>
      <Stack gap="md">
        <FormErrorAlert message={error} />
        <Text size="sm">
          “{shownLine?.title}” comes off this invoice, and out of your cart if it is there. The
          supplier can send a new invoice if you change your mind.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-autofocus>
            Keep it
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => {
              if (!line) return;
              remove.mutate(line.id, {
                onSuccess: () => {
                  showSuccessToast('Line removed from the invoice.');
                  close();
                },
                onError: (failure) =>
                  setError(isApiError(failure) ? failure.message : 'The line was not removed.'),
              });
            }}
          >
            Remove line
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

type LinesProps = {
  invoice: Invoice;
  canRemove: boolean;
  onRemove: (line: InvoiceLine) => void;
};

const RemoveLineButton = ({
  line,
  onRemove,
}: {
  line: InvoiceLine;
  onRemove: LinesProps['onRemove'];
}) => (
  <Button
    size="compact-xs"
    variant="subtle"
    color="red"
    leftSection={<IconTrash size={12} aria-hidden />}
    onClick={() => onRemove(line)}
    aria-label={`Remove ${line.title} from the invoice`}
  >
    Remove
  </Button>
);

const LinesTable = ({ invoice, canRemove, onRemove }: LinesProps) => {
  const money = (amount: number) => formatAmount(amount, invoice.currencyCode);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" aria-label="Invoice lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Unit price</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            {canRemove ? (
              <Table.Th>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {line.title}
                </Text>
                {lineStatusOf(line) ? (
                  <Text size="xs" c="dimmed">
                    {lineStatusOf(line)}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{INVOICE_LINE_CATEGORY_LABELS[line.category]}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{line.quantity.toLocaleString('en-US')}</Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{money(line.unitPrice)}</Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" fw={500}>
                  {money(line.amount)}
                </Text>
              </Table.Td>
              {canRemove ? (
                <Table.Td ta="right">
                  {isRemovable(line) ? <RemoveLineButton line={line} onRemove={onRemove} /> : null}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** Issue 10: on phones each line is a card, so nothing is cut off at the screen's edge. */
const LinesList = ({ invoice, canRemove, onRemove }: LinesProps) => (
  <Stack
    component="ul"
    gap="xs"
    p={0}
    m={0}
    style={{ listStyle: 'none' }}
    aria-label="Invoice lines"
  >
    {invoice.lines.map((line) => (
      <Paper component="li" key={line.id} withBorder radius="md" p="sm">
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {line.title}
            </Text>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatAmount(line.amount, invoice.currencyCode)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {INVOICE_LINE_CATEGORY_LABELS[line.category]} · {line.quantity.toLocaleString('en-US')}{' '}
            × {formatAmount(line.unitPrice, invoice.currencyCode)}
            {lineStatusOf(line) ? ` · ${lineStatusOf(line)}` : ''}
          </Text>
          {canRemove && isRemovable(line) ? (
            <Group justify="flex-end">
              <RemoveLineButton line={line} onRemove={onRemove} />
            </Group>
          ) : null}
        </Stack>
      </Paper>
    ))}
  </Stack>
);

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text size="sm">{children}</Text>
  </Stack>
);

type InvoiceViewProps = {
  invoice: Invoice;
  /** Opens the checkout with these cart items chosen. */
  onCheckout: (itemIds: string[]) => void;
  ordersHref: string;
  /** Spec §2 /add-shipping-address/{invoiceId}: where the store adds or edits the address. */
  shippingAddressHref?: string;
};

/**
 * Where the goods go: the saved address, or a link to add one while the invoice is open (the
 * supplier needs it to quote shipping charged later).
 */
const ShipTo = ({ invoice, href }: { invoice: Invoice; href: string | undefined }) => {
  const address = invoice.shippingAddress;
  const canEdit = invoice.status === 'OPEN' && href !== undefined;
  if (!address && (!canEdit || invoice.shippingMode === 'NO_SHIPPING_NEEDED')) return null;
  return (
    <Stack gap={4} data-testid="invoice-ship-to">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Ship to
      </Text>
      {address ? (
        <PostalAddressLines address={address} />
      ) : (
        <Text size="sm" c="dimmed">
          {invoice.shippingMode === 'CHARGE_SHIPPING_LATER'
            ? `No address yet: ${invoice.supplierName} quotes shipping once you add one.`
            : 'No address yet: you can add it now, or at checkout.'}
        </Text>
      )}
      {canEdit ? (
        <LinkButton
          href={href}
          size="compact-sm"
          variant="light"
          leftSection={<IconMapPin size={14} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          {address ? 'Edit address' : 'Add shipping address'}
        </LinkButton>
      ) : null}
    </Stack>
  );
};

/**
 * Spec §2 /pay-invoice/{invoiceId}: a supplier's invoice (lines, shipping, total, lead time,
 * notes). While it is open, "Add to cart and pay" puts its lines in the cart and opens the
 * checkout with them chosen, and a line can be removed; a paid invoice says so.
 */
export const InvoiceView = ({
  invoice,
  onCheckout,
  ordersHref,
  shippingAddressHref,
}: InvoiceViewProps) => {
  const addToCart = useAddInvoiceToCart();
  const [lineToRemove, setLineToRemove] = useState<InvoiceLine | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const isOpen = invoice.status === 'OPEN';
  const hasLines = invoice.lines.length > 0;
  const money = (amount: number) => formatAmount(amount, invoice.currencyCode);
  const linesProps = { invoice, canRemove: isOpen, onRemove: setLineToRemove };

  const handlePay = () => {
    setError(null);
    addToCart.mutate(invoice.id, {
      onSuccess: (updated) =>
        onCheckout(
          updated.lines
            .filter((line) => line.orderItemStatus === 'IN_SHOPPING_CART' && line.orderItemId)
            .map((line) => line.orderItemId!),
        ),
      onError: (failure) =>
        setError(isApiError(failure) ? failure.message : 'The invoice could not be added.'),
    });
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={2}>
              <Title order={2} fz="h3">
                Invoice from {invoice.supplierName}
              </Title>
              <Text size="sm" c="dimmed">
                Sent {formatDateTime(invoice.createdAt)}
              </Text>
            </Stack>
            <InvoiceStatusBadge status={invoice.status} />
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
            <Fact label="Lead time">
              {invoice.leadTimeDays === 0
                ? 'Ready at once'
                : `${invoice.leadTimeDays} day${invoice.leadTimeDays === 1 ? '' : 's'} after payment`}
            </Fact>
            <Fact label="Shipping">{shippingModeLabel(invoice.shippingMode)}</Fact>
            <Fact label="Currency">{invoice.currencyCode}</Fact>
          </SimpleGrid>
          {invoice.notes ? (
            <Fact label="Notes from the supplier">
              <Text span size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {invoice.notes}
              </Text>
            </Fact>
          ) : null}
          <ShipTo invoice={invoice} href={shippingAddressHref} />
        </Stack>
      </Paper>

      {invoice.status === 'PAID' ? (
        <Alert color="green" icon={<IconCircleCheck size={18} />} title="Paid" role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              You paid this invoice
              {invoice.paidAt ? ` on ${formatDateTime(invoice.paidAt)}` : ''}. Follow its items in
              Orders &amp; Shipments.
            </Text>
            <LinkButton href={ordersHref} size="xs" variant="white">
              Go to Orders &amp; Shipments
            </LinkButton>
          </Stack>
        </Alert>
      ) : null}
      {invoice.status === 'VOIDED' ? (
        <Alert color="gray" title="Voided" role="status">
          The supplier voided this invoice: there is nothing to pay.
        </Alert>
      ) : null}

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Title order={3} fz="h5">
            Lines
          </Title>
          {hasLines ? (
            isPhone ? (
              <LinesList {...linesProps} />
            ) : (
              <LinesTable {...linesProps} />
            )
          ) : (
            <Text size="sm" c="dimmed">
              Every line of this invoice was removed.
            </Text>
          )}
          <Table
            withRowBorders={false}
            verticalSpacing={4}
            horizontalSpacing={0}
            aria-label="Invoice total"
            maw={360}
            ml="auto"
          >
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row" fw={400}>
                  Subtotal
                </Table.Th>
                <Table.Td ta="right">{money(invoice.subtotal)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row" fw={400}>
                  Shipping
                </Table.Th>
                <Table.Td ta="right">
                  {invoice.shippingMode === 'CHARGE_SHIPPING_LATER'
                    ? 'Charged later'
                    : money(invoice.shippingAmount)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
                <Table.Th scope="row" fw={700}>
                  Total
                </Table.Th>
                <Table.Td ta="right" fw={700}>
                  {money(invoice.total)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Stack>
      </Paper>

      {isOpen ? (
        <Stack gap="xs" align="flex-end">
          <FormErrorAlert message={error} />
          <Button
            size="md"
            leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
            loading={addToCart.isPending}
            disabled={!hasLines}
            onClick={handlePay}
          >
            Add to cart and pay
          </Button>
          <Text size="xs" c="dimmed" ta="right" maw={420}>
            At checkout you choose a discount code and assurances; Atelier&apos;s payment processing
            fee is added to the total.
          </Text>
        </Stack>
      ) : null}

      <RemoveLineModal line={lineToRemove} onClose={() => setLineToRemove(null)} />
    </Stack>
  );
};

/** The invoice page while its invoice loads. */
export const InvoiceSkeleton = () => (
  <Stack gap="lg" role="status" aria-label="Loading the invoice">
    <Skeleton h={140} radius="md" />
    <Skeleton h={220} radius="md" />
  </Stack>
);
