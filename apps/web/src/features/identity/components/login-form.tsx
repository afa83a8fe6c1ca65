import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type CurrentUser,
  type LoginInput,
  LoginInputSchema,
} from '@atelier/contract/identity/account';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { LoginFields } from '@/components/ui/login-fields';
import { applyServerErrors } from '@/lib/form-errors';
import { useLogin } from '../api/account-queries';

type LoginFormProps = { onLoggedIn: (currentUser: CurrentUser) => void };

export const LoginForm = ({ onLoggedIn }: LoginFormProps) => {
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof LoginInputSchema>, unknown, LoginInput>({
    resolver: zodResolver(LoginInputSchema),
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
