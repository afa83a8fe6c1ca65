import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { ERROR_MESSAGES } from '@atelier/contract/common/error-catalogue';
import { formatMoney } from '@atelier/contract/common/money';
import { RECEIVING_INCIDENT_FEE, type Receiving } from '@atelier/contract/fulfillment/receiving';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { isApiError, listFieldErrors } from '@/lib/api-error';
import { useReceive } from '../api/receiving-queries';
import { CartonFields } from './carton-fields';
import { IncidentFields, PalletFields } from './dock-findings-fields';
import {
  anEmptyCarton,
  formFieldOf,
  isOversizePallet,
  ReceiveFormSchema,
  toReceiveBody,
  type ReceiveForm,
  type ReceiveFormOutput,
  type ReceiveFormValues,
} from './receive-form-schema';
import { formatUnits } from './receiving-format';

/**
 * Puts the server's field errors of the count on the form's fields and returns the message no
 * field took (a 409: the receiving was canceled or is not mapped any more), or `null`.
 */
const applyServerErrors = (
  error: unknown,
  form: ReceiveForm,
  values: ReceiveFormOutput,
): string | null => {
  if (!isApiError(error)) return ERROR_MESSAGES.generic;
  let isShownOnField = false;
  for (const [path, message] of Object.entries(listFieldErrors(error))) {
    const field = formFieldOf(values, path);
    if (!field) continue;
    form.setError(
      field as FieldPath<ReceiveFormValues>,
      { type: 'server', message },
      { shouldFocus: !isShownOnField },
    );
    isShownOnField = true;
  }
  return isShownOnField || error.isHandled ? null : error.message;
};

/** What this count will be charged: each incident, and each oversize pallet. */
const FeesPreview = ({ form }: { form: ReceiveForm }) => {
  const [incidents, pallets] = useWatch({ control: form.control, name: ['incidents', 'pallets'] });
  const charged = incidents.length + pallets.filter(isOversizePallet).length;
  if (charged === 0) return null;
  const total = { ...RECEIVING_INCIDENT_FEE, amount: RECEIVING_INCIDENT_FEE.amount * charged };
  return (
    <Text size="sm" data-testid="fees-preview">
      Non-compliance fees for this count: {charged} × {formatMoney(RECEIVING_INCIDENT_FEE)} ={' '}
      <Text span fw={600}>
        {formatMoney(total)}
      </Text>
    </Text>
  );
};

type ReceiveModalProps = { receiving: Receiving; onClose: () => void };

/**
 * Counts an in-transit receiving into stock (issue 15): carton by carton, each item's units and
 * the damaged ones, the incidents found at the dock and the pallets' measures.
 */
export const ReceiveModal = ({ receiving, onClose }: ReceiveModalProps) => {
  const receive = useReceive(receiving.sn);
  const [formError, setFormError] = useState<string | null>(null);
  const form: ReceiveForm = useForm<ReceiveFormValues, unknown, ReceiveFormOutput>({
    resolver: zodResolver(ReceiveFormSchema),
    defaultValues: { cartons: [anEmptyCarton(receiving.items)], incidents: [], pallets: [] },
  });

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const received = await receive.mutateAsync(toReceiveBody(values));
      notifications.show({
        color: 'green',
        message: `${received.sn} received: ${formatUnits(received.receivedUnits ?? 0)} units counted.`,
      });
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, form, values));
    }
  });

  return (
    <Modal opened onClose={onClose} title={`Receive ${receiving.sn}`} size="xl">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Count">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Enter each carton as it is opened. Good units go on hand; damaged ones are recorded, not
            stocked.
          </Text>
          <CartonFields form={form} items={receiving.items} />
          <IncidentFields form={form} />
          <PalletFields form={form} />
          <FeesPreview form={form} />
          <FormErrorAlert message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={receive.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={receive.isPending}>
              Receive into stock
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
