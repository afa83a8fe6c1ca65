import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconClockPause } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type LoginInput, LoginInputSchema } from '@atelier/contract/identity/account';
import type { CurrentSupplier } from '@atelier/contract/identity/partner-account';
import { AppAnchor } from '@/components/ui/app-anchor';
import { LoginFields } from '@/components/ui/login-fields';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { usePartnerLogin } from '../api/partner-account-queries';

type PartnerLoginFormProps = { onLoggedIn: (currentSupplier: CurrentSupplier) => void };

/** `store_account`: a store (creator) account without a supplier membership. */
type FormError = { message: string; kind: 'throttled' | 'store_account' | 'other' };

const kindOf = (error: unknown): FormError['kind'] => {
  if (!isApiError(error)) return 'other';
  if (error.code === 'rate_limited') return 'throttled';
  return error.reason === 'no_supplier_membership' ? 'store_account' : 'other';
};

const LoginErrorAlert = ({ error }: { error: FormError }) => {
  const isThrottled = error.kind === 'throttled';
  return (
    <Alert
      color={isThrottled ? 'orange' : 'red'}
      icon={isThrottled ? <IconClockPause size={18} /> : <IconAlertCircle size={18} />}
      title={isThrottled ? 'Too many attempts' : undefined}
      role="alert"
    >
      {error.message}
      {error.kind === 'store_account' ? (
        <>
          {' '}
          <AppAnchor href={paths.login} size="sm">
            Log in to your store
          </AppAnchor>
        </>
      ) : null}
    </Alert>
  );
};

/** Supplier sign-in with the store login's rules (contract `LoginInputSchema`). */
export const PartnerLoginForm = ({ onLoggedIn }: PartnerLoginFormProps) => {
  const login = usePartnerLogin();
  const [formError, setFormError] = useState<FormError | null>(null);
  const form = useForm<z.input<typeof LoginInputSchema>, unknown, LoginInput>({
    resolver: zodResolver(LoginInputSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const session = await login.mutateAsync(values);
      onLoggedIn(session.currentSupplier);
    } catch (error) {
      const message = applyServerErrors(error, ['email', 'password'], form.setError);
      setFormError(message ? { message, kind: kindOf(error) } : null);
    }
  });

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Log in">
      <Stack gap="md">
        {formError ? <LoginErrorAlert error={formError} /> : null}
        <LoginFields register={form.register} errors={errors} />
        <Button type="submit" loading={login.isPending} fullWidth>
          Log in
        </Button>
      </Stack>
    </form>
  );
};
