import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Code, Group, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type ExternalField,
  ExternalFieldSchema,
  type StoreProfile,
} from '@atelier/contract/identity/store';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import { showSuccessToast } from '@/lib/notify';
import { useSetExternalField } from '../api/store-queries';
import { SectionCard } from './section-card';

type ExternalFieldsSectionProps = { profile: StoreProfile; canEdit: boolean };

/** Spec §3/§7: named values other systems keep on the store; set by name (adds or replaces). */
export const ExternalFieldsSection = ({ profile, canEdit }: ExternalFieldsSectionProps) => {
  const setField = useSetExternalField();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof ExternalFieldSchema>, unknown, ExternalField>({
    resolver: zodResolver(ExternalFieldSchema),
    defaultValues: { name: '', value: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await setField.mutateAsync(values);
      form.reset({ name: '', value: '' });
      showSuccessToast(`External field ${values.name} saved.`);
    } catch (error) {
      setFormError(applyServerErrors(error, ['name', 'value'], form.setError));
    }
  });

  return (
    <SectionCard
      id="external-fields"
      title="External fields"
      description="Named values that connected tools keep on your store. Setting an existing name replaces its value."
    >
      {profile.externalFields.length === 0 ? (
        <Text size="sm" c="dimmed">
          This store has no external fields yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {profile.externalFields.map((field) => (
                <Table.Tr key={field.name}>
                  <Table.Td>
                    <Code>{field.name}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-all' }}>
                      {field.value}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canEdit ? (
        <form
          onSubmit={(event) => void handleSubmit(event)}
          noValidate
          aria-label="Set an external field"
        >
          <FormErrorAlert message={formError} mb="sm" />
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label="Name"
              placeholder="e.g. crm.customer_id"
              {...form.register('name')}
              error={errors.name?.message}
              w={{ base: '100%', sm: 220 }}
            />
            <TextInput
              label="Value"
              {...form.register('value')}
              error={errors.value?.message}
              flex={1}
              miw={200}
            />
            <Button type="submit" mt={25} loading={setField.isPending}>
              Set field
            </Button>
          </Group>
        </form>
      ) : null}
    </SectionCard>
  );
};
