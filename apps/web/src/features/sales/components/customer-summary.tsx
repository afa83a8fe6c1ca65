import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { countryNameOf } from '@atelier/contract/common/format';
import { formatMoney } from '@atelier/contract/common/money';
import type { StoreCustomer } from '@atelier/contract/sales/customer';
import { useCustomer } from '../api/order-queries';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const Figure = ({ label, value }: { label: string; value: string }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={600}>
      {value}
    </Text>
  </Stack>
);

/** An address on one line: street, city, state, postal code, country. */
const addressLine = (address: NonNullable<StoreCustomer['defaultAddress']>) =>
  [
    [address.line1, address.line2].filter(Boolean).join(', '),
    [address.city, address.stateCode, address.postalCode].filter(Boolean).join(' '),
    address.countryCode && countryNameOf(address.countryCode),
  ]
    .filter(Boolean)
    .join(', ');

/**
 * One customer above their orders (issue 11 "customers … detail with their orders"): name,
 * e-mail, marketing consent (when and where given), tags, default address and the figures their
 * orders give.
 */
export const CustomerSummary = ({
  customerId,
  onClear,
}: {
  customerId: string;
  onClear: () => void;
}) => {
  const customer = useCustomer(customerId);
  if (customer.isPending)
    return <Skeleton height={96} radius="md" aria-label="Loading the customer" />;
  if (customer.isError) {
    return (
      <Alert color="gray" title="There is no such customer in this store">
        <Button size="compact-sm" variant="light" onClick={onClear}>
          Show every order
        </Button>
      </Alert>
    );
  }
  const data = customer.data;
  const name =
    [data.firstName, data.lastName].filter(Boolean).join(' ') ||
    data.email ||
    (data.externalId ? `Customer ${data.externalId}` : 'Customer without a name');
  const consent = data.acceptsMarketing
    ? [
        'Accepts marketing',
        data.marketingConsentAt ? `since ${DAY.format(new Date(data.marketingConsentAt))}` : null,
        data.marketingConsentSource ? `(${data.marketingConsentSource})` : null,
      ]
        .filter(Boolean)
        .join(' ')
    : 'No marketing consent';
  const day = (iso: string | null) => (iso ? DAY.format(new Date(iso)) : '–');
  return (
    <Paper withBorder radius="md" p="md" aria-label={`Customer ${name}`}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="h4">
            {name}
          </Title>
          <Text size="sm" c="dimmed">
            {[data.email, data.phone, data.externalId ? `id ${data.externalId}` : null]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Group gap="xs" mt={4}>
            <Badge variant="light" color={data.acceptsMarketing ? 'teal' : 'gray'} tt="none">
              {consent}
            </Badge>
            {data.tags.map((tag) => (
              <Badge key={tag} variant="outline" color="gray">
                {tag}
              </Badge>
            ))}
          </Group>
          {data.defaultAddress ? (
            <Text size="sm" c="dimmed" mt={4}>
              {addressLine(data.defaultAddress)}
            </Text>
          ) : null}
        </Stack>
        <Button variant="subtle" size="compact-sm" onClick={onClear}>
          Show every order
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mt="md">
        <Figure label="Orders" value={data.orderCount.toLocaleString('en-US')} />
        <Figure label="Total spent" value={data.totalSpent ? formatMoney(data.totalSpent) : '–'} />
        <Figure label="First order" value={day(data.firstOrderAt)} />
        <Figure label="Last order" value={day(data.lastOrderAt)} />
      </SimpleGrid>
    </Paper>
  );
};
