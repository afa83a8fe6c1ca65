import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { CurrentUser, LoginInput, LoginInputSchema } from '@atelier/contract/identity/account';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { LoginFields } from '@/components/ui/login-fields';
import { applyServerErrors } from '@/lib/form-errors';
import { useLogin } from '../api/account-queries';

type LoginFormProps = { onLoggedIn: (currentUser: CurrentUser) => void };
type LoginValues = z.input<typeof LoginInputSchema>;

/**
 * Checks the form with the contract's LoginInputSchema. Zod and the schema load on the first
 * check (the first submit), not with the log-in page (issue 10); the check is the same.
 */
const loginResolver: Resolver<LoginValues, unknown, LoginInput> = async (...args) => {
  const [{ zodResolver }, { LoginInputSchema: schema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@atelier/contract/identity/account'),
  ]);
  return zodResolver(schema)(...args);
};

export const LoginForm = ({ onLoggedIn }: LoginFormProps) => {
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<LoginValues, unknown, LoginInput>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const session = await login.mutateAsync(values);
      onLoggedIn(session.currentUser);
    } catch (error) {
      setFormError(applyServerErrors(error, ['email', 'password'], form.setError));
    }
  });

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Log in">
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <LoginFields register={form.register} errors={errors} />
        <Button type="submit" loading={login.isPending} fullWidth>
          Log in
        </Button>
      </Stack>
    </form>
  );
};
