import { Paper, Table, Text, Title } from '@mantine/core';
import { formatMoney } from '@atelier/contract/common/money';
import {
  RECEIVING_INCIDENT_FEE,
  RECEIVING_INCIDENT_LABELS,
  type Receiving,
} from '@atelier/contract/fulfillment/receiving';

/** The non-compliance fees the count found, with their total. */
export const ReceivingFees = ({ receiving }: { receiving: Receiving }) => (
  <Paper withBorder radius="md" p="md" component="section" aria-label="Fees">
    <Title order={2} fz="h5" mb="xs">
      Non-compliance fees
    </Title>
    {receiving.fees.length === 0 ? (
      <Text size="sm" c="dimmed">
        {receiving.status === 'RECEIVED'
          ? 'None: the goods arrived as they should.'
          : `None yet. Each incident found at the dock (cartons without labels, mixed SKUs, damaged packaging, oversize pallets…) is charged ${formatMoney(RECEIVING_INCIDENT_FEE)}.`}
      </Text>
    ) : (
      <Table verticalSpacing={6} aria-label="Non-compliance fees">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Incident</Table.Th>
            <Table.Th>Note</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {receiving.fees.map((fee) => (
            <Table.Tr key={fee.id}>
              <Table.Td>{RECEIVING_INCIDENT_LABELS[fee.kind]}</Table.Td>
              <Table.Td>{fee.note ?? '—'}</Table.Td>
              <Table.Td ta="right">{formatMoney(fee.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={2}>Total</Table.Th>
            <Table.Th ta="right">{formatMoney(receiving.feesTotal)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    )}
  </Paper>
);
