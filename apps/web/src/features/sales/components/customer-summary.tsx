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
import { formatMoney } from '@atelier/contract/common/money';
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

/**
 * One customer above their orders (issue 11 "customers … detail with their orders"): name,
 * e-mail, marketing consent and the figures their orders give.
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
  const name = [data.firstName, data.lastName].filter(Boolean).join(' ') || data.email || 'Guest';
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
            <Badge variant="light" color={data.acceptsMarketing ? 'teal' : 'gray'}>
              {data.acceptsMarketing ? 'Accepts marketing' : 'No marketing consent'}
            </Badge>
            {data.tags.map((tag) => (
              <Badge key={tag} variant="outline" color="gray">
                {tag}
              </Badge>
            ))}
          </Group>
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
