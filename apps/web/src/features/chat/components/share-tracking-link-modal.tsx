import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { SendMessagePayload } from '@atelier/contract/chat/message';
import { LinkSchema, textSchema } from '@atelier/contract/common/validation';

const required = (max: number, message: string) =>
  textSchema(max).refine((value) => value !== '', message);

/** The fields of a TRACKING_LINK message, as the contract checks them. */
const TrackingLinkFormSchema = z.object({
  carrier: required(100, 'Enter the carrier.'),
  trackingNumber: required(100, 'Enter the tracking number.'),
  url: LinkSchema,
});
type TrackingLinkForm = z.input<typeof TrackingLinkFormSchema>;

type ShareTrackingLinkModalProps = {
  onClose: () => void;
  onSend: (payload: SendMessagePayload) => void;
};

/** The supplier shares a shipment's carrier, tracking number and tracking page. */
export const ShareTrackingLinkModal = ({ onClose, onSend }: ShareTrackingLinkModalProps) => {
  const form = useForm<TrackingLinkForm, unknown, z.output<typeof TrackingLinkFormSchema>>({
    resolver: zodResolver(TrackingLinkFormSchema),
    defaultValues: { carrier: '', trackingNumber: '', url: '' },
  });
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit((values) => onSend({ type: 'TRACKING_LINK', ...values }));

  return (
    <Modal opened onClose={onClose} title="Share tracking link">
      <form
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
        aria-label="Share tracking link"
      >
        <Stack gap="sm">
          <TextInput
            label="Carrier"
            placeholder="e.g. DHL Express"
            required
            data-autofocus
            {...form.register('carrier')}
            error={errors.carrier?.message}
          />
          <TextInput
            label="Tracking number"
            required
            {...form.register('trackingNumber')}
            error={errors.trackingNumber?.message}
          />
          <TextInput
            label="Tracking page"
            placeholder="https://"
            required
            {...form.register('url')}
            error={errors.url?.message}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Share</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
