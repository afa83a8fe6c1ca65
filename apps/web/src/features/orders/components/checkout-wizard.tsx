import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconShoppingCart, IconTruckOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { CheckoutTotals } from '@atelier/contract/orders/checkout-totals';
import type { CheckoutInput, Payment } from '@atelier/contract/orders/invoice';
import type { OrderItem } from '@atelier/contract/orders/order-item-api';
import { LinkButton } from '@/components/ui/link-button';
import { LoadError } from '@/components/ui/load-error';
import { isApiError, listFieldErrors } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { cartQueryOptions, useCart } from '../api/cart-queries';
import { useSavedShippingAddress } from '../api/invoice-queries';
import { ordersKeys } from '../api/orders-keys';
import { formatAmount } from '../orders-format';
import { createPaymentAttempts } from '../payment-attempts';
import { type CheckoutChoices, discountIssueOf, totalsOfSelection } from '../selection-totals';
import {
  EMPTY_SHIPPING_ADDRESS,
  SHIPPING_ADDRESS_FIELDS,
  ShippingAddressFormSchema,
  type ShippingAddressFormOutput,
  type ShippingAddressFormValues,
  toShippingAddressFormValues,
} from '../shipping-address-form';
import { CheckoutOverviewStep } from './checkout-overview-step';
import { CheckoutPaymentStep } from './checkout-payment-step';
import { PurchaseSuccess } from './purchase-success';
import { type AddressReference, ShippingAddressFields } from './shipping-address-fields';

/** Spec §2 checkout steps, in order. */
export const CHECKOUT_STEPS = [
  'Order overview',
  'Shipping details',
  'Payment',
  'Purchase success',
] as const;

const NO_CHOICES: CheckoutChoices = {
  discountCode: null,
  shippingAssurance: false,
  sampleAssurance: false,
};

/** The order as it left the overview: what the payment step charges for. */
type CheckoutOrder = {
  items: OrderItem[];
  totals: CheckoutTotals;
  discountCode: string | null;
  choices: CheckoutChoices;
};

const needsShipping = (items: readonly OrderItem[]) =>
  items.some((item) => item.shippingMode !== 'NO_SHIPPING_NEEDED');

/** The first selection: the items asked for that are in the cart, else the whole cart. */
const initialSelection = (items: readonly OrderItem[], preselectedIds?: readonly string[]) => {
  const asked = new Set(preselectedIds ?? []);
  const found = items.filter((item) => asked.has(item.id));
  return new Set((found.length > 0 ? found : items).map((item) => item.id));
};

type CheckoutWizardProps = {
  /** Items to choose first (from "Add to cart and pay"); the whole cart when none is given. */
  preselectedIds?: readonly string[];
  reference: AddressReference;
  ordersHref: string;
  sourcingHref: string;
};

/**
 * Spec §2 /checkout (issue 12): order overview, shipping details, payment and purchase success,
 * in a stepper. Totals are the contract's, as the server computes and charges them.
 */
export const CheckoutWizard = ({
  preselectedIds,
  reference,
  ordersHref,
  sourcingHref,
}: CheckoutWizardProps) => {
  const queryClient = useQueryClient();
  const [active, setActive] = useState(0);
  const [choices, setChoices] = useState<CheckoutChoices>(NO_CHOICES);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string> | null>(null);
  const [order, setOrder] = useState<CheckoutOrder | null>(null);
  const [payment, setPayment] = useState<Payment | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [attempts] = useState(() => createPaymentAttempts());
  const headingRef = useRef<HTMLHeadingElement>(null);
  // On phones the steps show as numbers only; the panel's heading names the current one.
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  const addressForm = useForm<ShippingAddressFormValues, unknown, ShippingAddressFormOutput>({
    resolver: zodResolver(ShippingAddressFormSchema),
    defaultValues: EMPTY_SHIPPING_ADDRESS,
  });
  const countryCode = useWatch({
    control: addressForm.control,
    name: 'shippingAddress.countryCode',
  });
  const states = reference.useStates(countryCode || null);

  const cart = useCart({
    discountCode: choices.discountCode ?? undefined,
    shippingAssurance: choices.shippingAssurance,
    sampleAssurance: choices.sampleAssurance,
  });

  // A code the server refuses for the cart (checked before it was applied) is taken off again.
  if (cart.isError && choices.discountCode && listFieldErrors(cart.error).discountCode) {
    setNotice(listFieldErrors(cart.error).discountCode ?? null);
    setChoices({ ...choices, discountCode: null });
  }
  if (selectedIds === null && cart.data && !cart.isPlaceholderData) {
    setSelectedIds(initialSelection(cart.data.items, preselectedIds));
  }

  // Each new step is announced: its heading takes the focus (not on the page's first render).
  const shownStep = useRef(active);
  useEffect(() => {
    if (shownStep.current === active) return;
    shownStep.current = active;
    headingRef.current?.focus();
  }, [active]);

  const items = cart.data?.items ?? [];
  const selected = items.filter((item) => selectedIds?.has(item.id));
  const savedAddress = useSavedShippingAddress([
    ...new Set(selected.flatMap((item) => (item.invoiceId ? [item.invoiceId] : []))),
  ]);
  // An invoice's saved address (spec §2 /add-shipping-address) is where the shipping step starts,
  // unless something was typed there already.
  const prefilled = useRef(EMPTY_SHIPPING_ADDRESS);
  useEffect(() => {
    if (!savedAddress) return;
    const typed = addressForm.getValues('shippingAddress');
    const isUntouched = (Object.keys(typed) as (keyof typeof typed)[]).every(
      (part) => typed[part] === prefilled.current.shippingAddress[part],
    );
    if (!isUntouched) return;
    prefilled.current = toShippingAddressFormValues(savedAddress);
    addressForm.reset(prefilled.current);
  }, [savedAddress, addressForm]);
  const discountIssue = discountIssueOf(choices.discountCode, selected);
  const priced = totalsOfSelection(selected, choices, {
    cartItemCount: items.length,
    cartTotals: cart.isPlaceholderData ? null : (cart.data?.totals ?? null),
  });

  const toggleItem = (id: string) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  /** Checks a typed code against the chosen items, then asks the server to price the cart with it. */
  const applyCode = async (text: string): Promise<string | null> => {
    const code = text.trim();
    if (!code) return null;
    const issue = discountIssueOf(code, selected);
    if (issue) return issue;
    try {
      await queryClient.fetchQuery(
        cartQueryOptions({
          discountCode: code,
          shippingAssurance: choices.shippingAssurance,
          sampleAssurance: choices.sampleAssurance,
        }),
      );
    } catch (error) {
      return listFieldErrors(error).discountCode ?? (isApiError(error) ? error.message : null);
    }
    setChoices({ ...choices, discountCode: code });
    return null;
  };

  const goToShipping = () => {
    if (priced.kind !== 'priced') return;
    setNotice(null);
    setOrder({
      items: selected,
      totals: priced.totals,
      discountCode: priced.discountCode,
      choices,
    });
    setActive(1);
  };

  /** A country with states needs one chosen: the reference data says which do. */
  const isStateMissing = () => {
    const hasStates = (states.data?.items.length ?? 0) > 0;
    if (!hasStates || addressForm.getValues('shippingAddress.stateCode')) return false;
    addressForm.setError('shippingAddress.stateCode', {
      type: 'required',
      message: 'Choose the state or province.',
    });
    return true;
  };

  const handleShippingSubmit = addressForm.handleSubmit(
    () => {
      if (isStateMissing()) {
        addressForm.setFocus('shippingAddress.stateCode');
        return;
      }
      setActive(2);
    },
    () => void isStateMissing(),
  );

  const buildBody = (paymentMethod: CheckoutInput['paymentMethod']): CheckoutInput => {
    if (!order) throw new Error('The payment step needs the order of the overview.');
    return {
      itemIds: order.items.map((item) => item.id),
      shippingAddress: needsShipping(order.items)
        ? ShippingAddressFormSchema.parse(addressForm.getValues()).shippingAddress
        : null,
      discountCode: order.discountCode,
      shippingAssurance: order.choices.shippingAssurance,
      sampleAssurance: order.choices.sampleAssurance,
      paymentMethod,
    };
  };

  /** A refusal that belongs to an earlier step goes back there and says so. */
  const handleRefused = (error: unknown): boolean => {
    if (!isApiError(error)) return false;
    if (error.reason === 'order_item_price_changed') {
      // A supplier changed a price since the overview: nothing was charged; the overview shows
      // the new prices to accept.
      setNotice(error.message);
      void queryClient.invalidateQueries({ queryKey: ordersKeys.cart() });
      setActive(0);
      return true;
    }
    const fields = Object.keys(listFieldErrors(error));
    if (fields.some((field) => field.startsWith('shippingAddress'))) {
      setActive(1);
      // The address step renders again first; its fields then take their messages.
      setTimeout(() => applyServerErrors(error, SHIPPING_ADDRESS_FIELDS, addressForm.setError));
      return true;
    }
    if (fields.includes('discountCode') || fields.includes('itemIds')) {
      setNotice(listFieldErrors(error).discountCode ?? listFieldErrors(error).itemIds ?? null);
      setActive(0);
      return true;
    }
    if (error.reason === 'order_item_not_found' || error.reason === 'order_item_transition') {
      setNotice(
        'Some of these items are no longer in your cart (paid or removed elsewhere). Check the items and try again.',
      );
      setSelectedIds(null);
      void queryClient.invalidateQueries({ queryKey: ordersKeys.cart() });
      setActive(0);
      return true;
    }
    return false;
  };

  const isPaid = payment !== null;
  const stepContent = () => {
    if (active === 3 && payment) {
      return (
        <PurchaseSuccess
          payment={payment}
          items={order?.items ?? []}
          ordersHref={ordersHref}
          sourcingHref={sourcingHref}
        />
      );
    }
    if (active === 2 && order) {
      return (
        <CheckoutPaymentStep
          amountText={formatAmount(order.totals.total, order.totals.currencyCode)}
          buildBody={buildBody}
          attempts={attempts}
          onPaid={(paid) => {
            setPayment(paid);
            setActive(3);
          }}
          onRefused={handleRefused}
          onBack={() => setActive(needsShipping(order.items) ? 1 : 0)}
        />
      );
    }
    if (active === 1 && order) {
      return needsShipping(order.items) ? (
        <form
          onSubmit={(event) => void handleShippingSubmit(event)}
          noValidate
          aria-label="Shipping address"
        >
          <Stack gap="md">
            <ShippingAddressFields form={addressForm} reference={reference} />
            <Group justify="space-between">
              <Button variant="default" onClick={() => setActive(0)}>
                Back
              </Button>
              <Button type="submit">Continue to payment</Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="md">
          <Alert color="gray" icon={<IconTruckOff size={18} />} role="note">
            These items need no shipping: nothing to fill in here.
          </Alert>
          <Group justify="space-between">
            <Button variant="default" onClick={() => setActive(0)}>
              Back
            </Button>
            <Button onClick={() => setActive(2)}>Continue to payment</Button>
          </Group>
        </Stack>
      );
    }
    if (cart.isPending) {
      return (
        <Stack gap="sm" role="status" aria-label="Loading the cart">
          <Skeleton h={72} />
          <Skeleton h={72} />
          <Skeleton h={160} />
        </Stack>
      );
    }
    if (cart.isError && !cart.data) {
      return (
        <LoadError
          message="The cart could not be loaded."
          onRetry={() => void cart.refetch()}
          isStacked
        />
      );
    }
    if (items.length === 0) {
      return (
        <EmptyState
          icon={<IconShoppingCart size={28} stroke={1.5} />}
          variant="light"
          title="Your cart is empty"
          description="Order a sample from a product page, or add a supplier's invoice to the cart, then check out here."
        >
          <LinkButton href={sourcingHref} variant="light">
            Browse suppliers
          </LinkButton>
        </EmptyState>
      );
    }
    return (
      <CheckoutOverviewStep
        items={items}
        selectedIds={selectedIds ?? new Set()}
        onToggleItem={toggleItem}
        onToggleAll={(isSelected) =>
          setSelectedIds(new Set(isSelected ? items.map((item) => item.id) : []))
        }
        choices={choices}
        onChoicesChange={setChoices}
        onApplyCode={applyCode}
        discountIssue={discountIssue}
        priced={priced}
        isUpdating={cart.isPlaceholderData && cart.isFetching}
        notice={notice}
        onContinue={goToShipping}
      />
    );
  };

  return (
    <Stack gap="lg">
      <Stepper
        // Once paid, every step shows as done.
        active={isPaid ? CHECKOUT_STEPS.length : active}
        onStepClick={(step) => {
          if (!isPaid && step < active) setActive(step);
        }}
        allowNextStepsSelect={false}
        size="sm"
        wrap
      >
        {CHECKOUT_STEPS.map((label, index) => (
          <Stepper.Step
            key={label}
            label={isPhone ? undefined : label}
            aria-label={label}
            allowStepSelect={!isPaid && index < active}
            aria-current={index === active ? 'step' : undefined}
          />
        ))}
      </Stepper>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="h4" mb="md" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {CHECKOUT_STEPS[active]}
        </Title>
        {stepContent()}
      </Paper>
      {active < 3 && order && active > 0 ? (
        <Text size="sm" c="dimmed" ta="right">
          Paying for {order.items.length} item{order.items.length === 1 ? '' : 's'}:{' '}
          {formatAmount(order.totals.total, order.totals.currencyCode)}
        </Text>
      ) : null}
    </Stack>
  );
};
