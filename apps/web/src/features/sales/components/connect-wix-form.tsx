import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type ChannelConnected,
  type ConnectWixInput,
  ConnectWixInputSchema,
} from '@atelier/contract/sales/channel';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import { useConnectWix } from '../api/channel-queries';

type ConnectWixFormProps = {
  /** The site to start from (one connected before). */
  defaultSiteId?: string;
  /** Puts the keyboard in the first field (the page was opened to connect Wix). */
  isFocused?: boolean;
  onConnected: (connected: ChannelConnected) => void;
};

/** Connects a Wix site with an API key and the site's id, checked by Wix before it is kept. */
export const ConnectWixForm = ({
  defaultSiteId = '',
  isFocused = false,
  onConnected,
}: ConnectWixFormProps) => {
  const connect = useConnectWix();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof ConnectWixInputSchema>, unknown, ConnectWixInput>({
    resolver: zodResolver(ConnectWixInputSchema),
    defaultValues: { apiKey: '', siteId: defaultSiteId },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      onConnected(await connect.mutateAsync(values));
      form.reset({ apiKey: '', siteId: values.siteId });
    } catch (error) {
      setFormError(applyServerErrors(error, ['apiKey', 'siteId'], form.setError));
    }
  });

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Connect Wix">
      <Stack gap="sm">
        <FormErrorAlert message={formError} />
        <Text size="sm" c="dimmed">
          In your Wix account, open the API Keys Manager, make a key with the Wix Stores and
          eCommerce permissions, and copy your site’s ID from its dashboard address.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <PasswordInput
            label="API key"
            placeholder="IST.…"
            autoComplete="off"
            data-autofocus={isFocused || undefined}
            autoFocus={isFocused}
            {...form.register('apiKey')}
            error={errors.apiKey?.message}
          />
          <TextInput
            label="Site ID"
            placeholder="1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b"
            autoComplete="off"
            spellCheck={false}
            {...form.register('siteId')}
            error={errors.siteId?.message}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={connect.isPending}
            leftSection={<IconPlugConnected size={16} aria-hidden />}
          >
            Connect
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
