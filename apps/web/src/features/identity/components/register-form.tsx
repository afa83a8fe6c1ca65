import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Stack, Stepper, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type CurrentUser,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type RegisterInput,
  RegisterInputSchema,
} from '@atelier/contract/identity/account';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import { useRegister } from '../api/account-queries';
import { ChoiceCards } from './choice-cards';
import { ACCOUNT_TYPE_OPTIONS, USAGE_STYLE_OPTIONS } from './onboarding-options';

type RegisterFormValues = z.input<typeof RegisterInputSchema>;
type RegisterFormProps = { onRegistered: (currentUser: CurrentUser) => void };

const ACCOUNT_FIELDS = ['email', 'password', 'storeTitle', 'name'] as const;
const ONBOARDING_FIELDS = ['accountType', 'usageStyle'] as const;
const ALL_FIELDS: readonly FieldPath<RegisterFormValues>[] = [
  ...ACCOUNT_FIELDS,
  ...ONBOARDING_FIELDS,
];

/** The contract's enum message lists raw values; a person choosing a card needs plainer words. */
const chooseOptionMessage = (issue: { code: string }) =>
  issue.code === 'invalid_value' ? 'Choose one of the options.' : undefined;

/**
 * Registration in two steps: the account (e-mail, password, store), then the onboarding
 * questions of spec §6 (account type, usage style). Validated with the contract's schema.
 */
export const RegisterForm = ({ onRegistered }: RegisterFormProps) => {
  const registerAccount = useRegister();
  const [step, setStep] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterFormValues, unknown, RegisterInput>({
    resolver: zodResolver(RegisterInputSchema, { error: chooseOptionMessage }),
    defaultValues: { email: '', password: '', storeTitle: '', name: '' },
  });
  const { errors } = form.formState;

  const handleNext = async () => {
    if (await form.trigger([...ACCOUNT_FIELDS], { shouldFocus: true })) setStep(1);
  };

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const session = await registerAccount.mutateAsync({
        ...values,
        name: values.name?.trim() ? values.name.trim() : undefined,
      });
      onRegistered(session.currentUser);
    } catch (error) {
      setFormError(applyServerErrors(error, ALL_FIELDS, form.setError));
      const hasAccountFieldError = ACCOUNT_FIELDS.some((field) => form.getFieldState(field).error);
      if (hasAccountFieldError) setStep(0);
    }
  });

  return (
    <form
      onSubmit={(event) => {
        // Enter on the first step moves on instead of submitting half a form.
        if (step === 0) {
          event.preventDefault();
          void handleNext();
        } else {
          void handleSubmit(event);
        }
      }}
      noValidate
      aria-label="Create an account"
    >
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <Stepper active={step} onStepClick={(next) => next < step && setStep(next)} size="sm">
          <Stepper.Step label="Your account" description="Sign-in and store">
            <Stack gap="md" mt="md">
              <TextInput
                label="E-mail"
                type="email"
                autoComplete="email"
                required
                autoFocus
                {...form.register('email')}
                error={errors.email?.message}
              />
              <PasswordInput
                label="Password"
                description={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`}
                autoComplete="new-password"
                required
                {...form.register('password')}
                error={errors.password?.message}
              />
              <TextInput
                label="Store name"
                description="The name of your brand or shop; you can change it later."
                autoComplete="organization"
                required
                {...form.register('storeTitle')}
                error={errors.storeTitle?.message}
              />
              <TextInput
                label="Your name"
                description="Optional"
                autoComplete="name"
                {...form.register('name')}
                error={errors.name?.message}
              />
              <Group justify="flex-end">
                <Button type="submit">Next</Button>
              </Group>
            </Stack>
          </Stepper.Step>
          <Stepper.Step label="About you" description="Two quick questions">
            <Stack gap="lg" mt="md">
              <Controller
                control={form.control}
                name="accountType"
                render={({ field }) => (
                  <ChoiceCards
                    label="What describes you best?"
                    name={field.name}
                    options={ACCOUNT_TYPE_OPTIONS}
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.accountType?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="usageStyle"
                render={({ field }) => (
                  <ChoiceCards
                    label="How do you like to work?"
                    name={field.name}
                    options={USAGE_STYLE_OPTIONS}
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.usageStyle?.message}
                  />
                )}
              />
              <Group justify="space-between">
                <Button variant="default" onClick={() => setStep(0)}>
                  Back
                </Button>
                <Button type="submit" loading={registerAccount.isPending}>
                  Create account
                </Button>
              </Group>
            </Stack>
          </Stepper.Step>
        </Stepper>
      </Stack>
    </form>
  );
};
