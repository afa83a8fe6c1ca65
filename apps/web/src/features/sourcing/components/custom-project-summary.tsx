import { Badge, Button, Table, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  type CustomProjectStatus,
  customProjectStatusLabel,
} from '@atelier/contract/sourcing/custom-project';
import type { CustomProjectStep, ProjectField, ProjectFormValues } from '../custom-project-form';
import { stepOfField } from '../custom-project-form';

const ROWS: { field: Exclude<ProjectField, 'companyId'> | 'companyId'; label: string }[] = [
  { field: 'title', label: 'Title' },
  { field: 'companyId', label: 'Supplier' },
  { field: 'material', label: 'Material' },
  { field: 'printDetail', label: 'Print detail' },
  { field: 'quantity', label: 'Quantity' },
  { field: 'completionDate', label: 'Completion date' },
];

export const formatCompletionDate = (date: string): string =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

const Missing = () => (
  <Text span c="dimmed" fs="italic">
    Not given
  </Text>
);

type CustomProjectSummaryProps = {
  values: ProjectFormValues;
  supplierName: string | null;
  errors?: Partial<Record<ProjectField, string>>;
  /** Jumps to the step of a field; no edit buttons without it. */
  onEdit?: (step: CustomProjectStep) => void;
};

/** The request as it will be (or was) sent, one row per field. */
export const CustomProjectSummary = ({
  values,
  supplierName,
  errors = {},
  onEdit,
}: CustomProjectSummaryProps) => {
  const valueOf = (field: ProjectField): ReactNode => {
    switch (field) {
      case 'companyId':
        return values.companyId ? (
          (supplierName ?? values.companyId)
        ) : (
          <Text span c="dimmed">
            Any supplier (the Atelier team matches it)
          </Text>
        );
      case 'quantity':
        return values.quantity ? (
          `${Number(values.quantity).toLocaleString('en-US')} units`
        ) : (
          <Missing />
        );
      case 'completionDate':
        return values.completionDate ? formatCompletionDate(values.completionDate) : <Missing />;
      case 'title':
      case 'material':
      case 'printDetail':
        return values[field] ? (
          <Text span inherit style={{ whiteSpace: 'pre-wrap' }}>
            {values[field]}
          </Text>
        ) : (
          <Missing />
        );
    }
  };
  return (
    <Table verticalSpacing="sm" layout="fixed" data-testid="custom-project-summary">
      <Table.Tbody>
        {ROWS.map(({ field, label }) => (
          <Table.Tr key={field}>
            <Table.Th w={{ base: 110, sm: 170 }} style={{ verticalAlign: 'top' }}>
              {label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {valueOf(field)}
              {errors[field] ? (
                <Text size="sm" c="red" mt={4} role="alert">
                  {errors[field]}
                </Text>
              ) : null}
            </Table.Td>
            {onEdit ? (
              <Table.Td w={80} style={{ verticalAlign: 'top', textAlign: 'right' }}>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPencil size={14} />}
                  onClick={() => onEdit(stepOfField(field))}
                  aria-label={`Edit ${label.toLowerCase()}`}
                >
                  Edit
                </Button>
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};

/** The status in words, never cut short by a long title beside it (issue 10). */
export const ProjectStatusBadge = ({ status }: { status: CustomProjectStatus }) => (
  <Badge
    color={status === 'SUBMITTED' ? 'teal' : 'gray'}
    variant="light"
    tt="none"
    miw="max-content"
    style={{ flexShrink: 0 }}
  >
    {customProjectStatusLabel(status)}
  </Badge>
);
