import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type SupplierInvite,
  type SupplierInviteInput,
  SupplierInviteInputSchema,
} from '@atelier/contract/sourcing/supplier-invite';
import { applyServerErrors } from '@/lib/form-errors';
import { useInviteSupplier } from '../api/supplier-invite-queries';

type InviteFormValues = z.input<typeof SupplierInviteInputSchema>;
const EMPTY: InviteFormValues = { name: '', website: '', email: '', phoneNumber: '' };

const InviteForm = ({ onInvited }: { onInvited: (invite: SupplierInvite) => void }) => {
  const invite = useInviteSupplier();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<InviteFormValues, unknown, SupplierInviteInput>({
    resolver: zodResolver(SupplierInviteInputSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      onInvited(await invite.mutateAsync(values));
    } catch (error) {
      setFormError(
        applyServerErrors(error, ['name', 'website', 'email', 'phoneNumber'], form.setError),
      );
    }
  });

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-label="Invite your own supplier"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Already work with a factory or studio? Tell us who they are and the Atelier team will get
          in touch with them to bring them onto the platform.
        </Text>
        {formError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        ) : null}
        <TextInput
          label="Supplier name"
          required
          {...form.register('name')}
          error={errors.name?.message}
          data-autofocus
        />
        <TextInput
          label="Website"
          required
          placeholder="https://"
          type="url"
          {...form.register('website')}
          error={errors.website?.message}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="E-mail"
            required
            type="email"
            autoComplete="off"
            {...form.register('email')}
            error={errors.email?.message}
          />
          <TextInput
            label="Phone"
            required
            type="tel"
            placeholder="+1 555 010 0100"
            {...form.register('phoneNumber')}
            error={errors.phoneNumber?.message}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={invite.isPending}>
            Send invite
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** "Invite your own supplier" (spec §3/§7): the Atelier team is told and reaches out. */
export const InviteSupplierButton = () => {
  const [isOpen, modal] = useDisclosure(false);
  const [invited, setInvited] = useState<SupplierInvite | null>(null);
  const close = () => {
    modal.close();
    setInvited(null);
  };
  return (
    <>
      <Button variant="default" leftSection={<IconUserPlus size={16} />} onClick={modal.open}>
        Invite your own supplier
      </Button>
      <Modal opened={isOpen} onClose={close} title="Invite your own supplier" size="lg">
        {invited ? (
          <Stack align="center" gap="sm" py="md" role="status">
            <ThemeIcon size={48} radius="xl" color="teal" variant="light">
              <IconCircleCheck size={28} />
            </ThemeIcon>
            <Text fw={600} ta="center">
              Invite sent for {invited.name}
            </Text>
            <Text size="sm" c="dimmed" ta="center" maw={420}>
              We told the Atelier team about {invited.name} ({invited.email}). They will contact the
              supplier to bring them onto Atelier.
            </Text>
            <Group mt="sm">
              <Button variant="default" onClick={() => setInvited(null)}>
                Invite another
              </Button>
              <Button onClick={close}>Done</Button>
            </Group>
          </Stack>
        ) : (
          <InviteForm onInvited={setInvited} />
        )}
      </Modal>
    </>
  );
};
