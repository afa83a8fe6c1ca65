import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Button,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type ChannelConnected,
  type ConnectWooCommerceInput,
  ConnectWooCommerceInputSchema,
} from '@atelier/contract/sales/channel';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import { useConnectWooCommerce } from '../api/channel-queries';

type ConnectWooCommerceFormProps = {
  /** The address to start from (a shop connected before). */
  defaultStoreUrl?: string;
  /** Puts the keyboard in the first field (the page was opened to connect WooCommerce). */
  isFocused?: boolean;
  onConnected: (connected: ChannelConnected) => void;
};

/**
 * Connects a WooCommerce shop with a REST API key: the server checks it against the shop before
 * keeping it, and says on the field what is wrong (address, key).
 */
export const ConnectWooCommerceForm = ({
  defaultStoreUrl = '',
  isFocused = false,
  onConnected,
}: ConnectWooCommerceFormProps) => {
  const connect = useConnectWooCommerce();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<
    z.input<typeof ConnectWooCommerceInputSchema>,
    unknown,
    ConnectWooCommerceInput
  >({
    resolver: zodResolver(ConnectWooCommerceInputSchema),
    defaultValues: { storeUrl: defaultStoreUrl, consumerKey: '', consumerSecret: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      onConnected(await connect.mutateAsync(values));
      form.reset({ storeUrl: values.storeUrl, consumerKey: '', consumerSecret: '' });
    } catch (error) {
      setFormError(
        applyServerErrors(error, ['storeUrl', 'consumerKey', 'consumerSecret'], form.setError),
      );
    }
  });

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-label="Connect WooCommerce"
    >
      <Stack gap="sm">
        <FormErrorAlert message={formError} />
        <Text size="sm" c="dimmed">
          In WordPress, open WooCommerce → Settings → Advanced → REST API, add a key with{' '}
          <b>Read/Write</b> permission and paste it here.{' '}
          <Anchor
            href="https://woocommerce.com/document/woocommerce-rest-api/"
            target="_blank"
            rel="noreferrer"
            size="sm"
          >
            How to make a key
          </Anchor>
        </Text>
        <TextInput
          label="Shop address"
          placeholder="https://shop.example.com"
          autoComplete="url"
          spellCheck={false}
          data-autofocus={isFocused || undefined}
          autoFocus={isFocused}
          {...form.register('storeUrl')}
          error={errors.storeUrl?.message}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Consumer key"
            placeholder="ck_…"
            autoComplete="off"
            spellCheck={false}
            {...form.register('consumerKey')}
            error={errors.consumerKey?.message}
          />
          <PasswordInput
            label="Consumer secret"
            placeholder="cs_…"
            autoComplete="off"
            {...form.register('consumerSecret')}
            error={errors.consumerSecret?.message}
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
