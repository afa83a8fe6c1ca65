import { PasswordInput, TextInput } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import type { LoginInputSchema } from '@atelier/contract/identity/account';

type LoginValues = z.input<typeof LoginInputSchema>;

type LoginFieldsProps = {
  register: UseFormRegister<LoginValues>;
  errors: FieldErrors<LoginValues>;
};

/** The e-mail (focused) and password of a login form, the store's or the supplier's. */
export const LoginFields = ({ register, errors }: LoginFieldsProps) => (
  <>
    <TextInput
      label="E-mail"
      type="email"
      autoComplete="email"
      required
      autoFocus
      {...register('email')}
      error={errors.email?.message}
    />
    <PasswordInput
      label="Password"
      autoComplete="current-password"
      required
      {...register('password')}
      error={errors.password?.message}
    />
  </>
);
