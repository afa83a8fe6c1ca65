import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconDiscount } from '@tabler/icons-react';
import { useState } from 'react';
import type { OrderItem } from '@atelier/contract/orders/order-item-api';
import {
  DISCOUNT_CODE_RULES_TEXT,
  formatAmount,
  ORDER_ITEM_KIND_LABELS,
  SAMPLE_ASSURANCE_TEXT,
  SHIPPING_ASSURANCE_TEXT,
} from '../orders-format';
import type { CheckoutChoices, SelectionTotals } from '../selection-totals';
import { CheckoutTotalsTable } from './checkout-totals-table';
import { PriceChangeNotice } from './price-change-notice';

type DiscountCodeFieldProps = {
  applied: string | null;
  /** Why the applied code does not fit the chosen items, or null. */
  issue: string | null;
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => void;
};

/** Spec §9 discount codes: one per checkout, its rules in words under the field. */
const DiscountCodeField = ({ applied, issue, onApply, onRemove }: DiscountCodeFieldProps) => {
  const [text, setText] = useState(applied ?? '');
  const [error, setError] = useState<string | null>(null);
  const [isApplying, setIsApplying] = useState(false);

  const handleApply = async () => {
    if (isApplying) return;
    setIsApplying(true);
    setError(await onApply(text));
    setIsApplying(false);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void handleApply();
      }}
      noValidate
      aria-label="Discount code"
    >
      <TextInput
        label="Discount code"
        description={DISCOUNT_CODE_RULES_TEXT}
        leftSection={<IconDiscount size={16} aria-hidden />}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setError(null);
        }}
        error={error ?? issue}
        autoComplete="off"
        maxLength={40}
        maw={440}
        rightSectionWidth={88}
        rightSectionPointerEvents="all"
        rightSection={
          applied && text === applied ? (
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => {
                setText('');
                setError(null);
                onRemove();
              }}
            >
              Remove
            </Button>
          ) : (
            <Button
              type="submit"
              size="compact-sm"
              variant="light"
              loading={isApplying}
              disabled={!text.trim()}
            >
              Apply
            </Button>
          )
        }
      />
    </form>
  );
};

type ItemRowProps = { item: OrderItem; isSelected: boolean; onToggle: () => void };

const ItemRow = ({ item, isSelected, onToggle }: ItemRowProps) => (
  <Paper component="li" withBorder radius="md" p="sm">
    <Group align="flex-start" wrap="nowrap" gap="sm">
      <Checkbox
        mt={2}
        checked={isSelected}
        onChange={onToggle}
        aria-label={`Pay for ${item.title}`}
      />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Text>
          <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatAmount(item.amount, item.currencyCode)}
          </Text>
        </Group>
        <Group gap={6}>
          <Badge size="xs" variant="light" color={item.kind === 'SAMPLE' ? 'grape' : 'blue'}>
            {ORDER_ITEM_KIND_LABELS[item.kind]}
          </Badge>
          <Text size="xs" c="dimmed">
            {item.supplierName} · {item.quantity.toLocaleString('en-US')} ×{' '}
            {formatAmount(item.unitPrice, item.currencyCode)}
            {item.shippingAmount > 0
              ? ` · shipping ${formatAmount(item.shippingAmount, item.currencyCode)}`
              : ''}
          </Text>
        </Group>
        <PriceChangeNotice item={item} />
      </Stack>
    </Group>
  </Paper>
);

type CheckoutOverviewStepProps = {
  items: readonly OrderItem[];
  selectedIds: ReadonlySet<string>;
  onToggleItem: (id: string) => void;
  onToggleAll: (isSelected: boolean) => void;
  choices: CheckoutChoices;
  onChoicesChange: (choices: CheckoutChoices) => void;
  /** Checks a typed code and applies it; answers why it cannot be used, or null. */
  onApplyCode: (code: string) => Promise<string | null>;
  discountIssue: string | null;
  priced: SelectionTotals;
  /** The server is pricing other choices; the totals shown may change. */
  isUpdating: boolean;
  /** A refusal of the payment that this step must show (an item no longer in the cart). */
  notice: string | null;
  onContinue: () => void;
};

/** Spec §2 checkout, order overview: the items to pay for, the code, the assurances, totals. */
export const CheckoutOverviewStep = ({
  items,
  selectedIds,
  onToggleItem,
  onToggleAll,
  choices,
  onChoicesChange,
  onApplyCode,
  discountIssue,
  priced,
  isUpdating,
  notice,
  onContinue,
}: CheckoutOverviewStepProps) => {
  const selectedCount = items.filter((item) => selectedIds.has(item.id)).length;
  const hasSample = items.some((item) => selectedIds.has(item.id) && item.kind === 'SAMPLE');
  return (
    <Stack gap="lg">
      {notice ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
          {notice}
        </Alert>
      ) : null}
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} fz="h5">
            Items ({selectedCount} of {items.length} chosen)
          </Title>
          <Checkbox
            label="All"
            checked={selectedCount === items.length}
            indeterminate={selectedCount > 0 && selectedCount < items.length}
            onChange={(event) => onToggleAll(event.currentTarget.checked)}
          />
        </Group>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <ItemRow
              key={item.id}
              item={item}
              isSelected={selectedIds.has(item.id)}
              onToggle={() => onToggleItem(item.id)}
            />
          ))}
        </Stack>
      </Stack>

      <Stack gap="sm">
        <DiscountCodeField
          applied={choices.discountCode}
          issue={discountIssue}
          onApply={onApplyCode}
          onRemove={() => onChoicesChange({ ...choices, discountCode: null })}
        />
        <Checkbox
          label="Shipping assurance"
          description={SHIPPING_ASSURANCE_TEXT}
          checked={choices.shippingAssurance}
          onChange={(event) =>
            onChoicesChange({ ...choices, shippingAssurance: event.currentTarget.checked })
          }
        />
        <Checkbox
          label="Sample assurance"
          description={
            hasSample ? SAMPLE_ASSURANCE_TEXT : `${SAMPLE_ASSURANCE_TEXT}; no samples are chosen`
          }
          checked={choices.sampleAssurance}
          onChange={(event) =>
            onChoicesChange({ ...choices, sampleAssurance: event.currentTarget.checked })
          }
        />
      </Stack>

      <Paper withBorder radius="md" p="md" pos="relative" aria-busy={isUpdating}>
        <Group justify="space-between" mb="xs">
          <Title order={3} fz="h5">
            Order total
          </Title>
          {isUpdating ? <Loader size="xs" aria-label="Updating the totals" /> : null}
        </Group>
        {priced.kind === 'priced' ? (
          <CheckoutTotalsTable totals={priced.totals} caption="Order total" />
        ) : (
          <Text size="sm" c={priced.kind === 'empty' ? 'dimmed' : 'red'} role="status">
            {priced.kind === 'empty'
              ? 'Choose at least one item to pay for.'
              : priced.kind === 'mixed-currencies'
                ? 'These items are priced in different currencies: pay for one currency at a time.'
                : 'These items together cost more than can be paid at once: choose fewer.'}
          </Text>
        )}
      </Paper>

      <Group justify="flex-end">
        <Button onClick={onContinue} disabled={priced.kind !== 'priced' || isUpdating}>
          Continue to shipping
        </Button>
      </Group>
    </Stack>
  );
};
