import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, TextInput } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type StartShopifyInstallInput,
  StartShopifyInstallInputSchema,
} from '@atelier/contract/sales/channel';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import { useStartShopifyInstall } from '../api/channel-queries';

type ConnectShopifyFormProps = {
  /** The address to start from, e.g. the shop of a connection that failed. */
  defaultShop?: string;
  /** Puts the keyboard in the address field (the page was opened to connect Shopify). */
  isFocused?: boolean;
};

/**
 * Connects a Shopify shop: the server answers the shop's install page and the browser goes
 * there; Shopify sends it back to /ecommerce-services once the owner approved the app.
 */
export const ConnectShopifyForm = ({
  defaultShop = '',
  isFocused = false,
}: ConnectShopifyFormProps) => {
  const startInstall = useStartShopifyInstall();
  const [formError, setFormError] = useState<string | null>(null);
  // The button keeps spinning while the browser leaves for Shopify.
  const [isLeaving, setIsLeaving] = useState(false);
  const form = useForm<
    z.input<typeof StartShopifyInstallInputSchema>,
    unknown,
    StartShopifyInstallInput
  >({
    resolver: zodResolver(StartShopifyInstallInputSchema),
    defaultValues: { shop: defaultShop },
  });

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { authorizeUrl } = await startInstall.mutateAsync(values);
      setIsLeaving(true);
      window.location.assign(authorizeUrl);
    } catch (error) {
      setFormError(applyServerErrors(error, ['shop'], form.setError));
    }
  });

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Connect Shopify">
      <FormErrorAlert message={formError} mb="sm" />
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Shop address"
          placeholder="your-shop.myshopify.com"
          description="Your shop’s myshopify.com address, as in Shopify’s admin under Settings → Domains."
          autoComplete="off"
          spellCheck={false}
          data-autofocus={isFocused || undefined}
          autoFocus={isFocused}
          {...form.register('shop')}
          error={form.formState.errors.shop?.message}
          flex={1}
          miw={220}
        />
        <Button
          type="submit"
          mt={{ base: 0, xs: 45 }}
          loading={startInstall.isPending || isLeaving}
          leftSection={<IconPlugConnected size={16} aria-hidden />}
        >
          Connect
        </Button>
      </Group>
    </form>
  );
};
