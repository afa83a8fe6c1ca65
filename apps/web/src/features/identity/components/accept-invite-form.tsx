import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle, IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  AcceptSupplierInviteInputSchema,
  type CurrentSupplier,
  SupplierInviteTokenSchema,
} from '@atelier/contract/identity/partner-account';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import { classifyAcceptInviteFailure } from '../accept-invite-error';
import { useAcceptSupplierInvite } from '../api/partner-account-queries';

const NewAccountSchema = AcceptSupplierInviteInputSchema.omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'The passwords do not match.',
    path: ['confirmPassword'],
  });
type NewAccountValues = z.input<typeof NewAccountSchema>;

const ExistingAccountSchema = AcceptSupplierInviteInputSchema.pick({ password: true });
type ExistingAccountValues = z.input<typeof ExistingAccountSchema>;

type AcceptInviteFormProps = {
  /** The `token` of the invitation link, as found in the address. */
  token: string | undefined;
  onAccepted: (currentSupplier: CurrentSupplier) => void;
};

type Stage =
  | { kind: 'new-account' }
  | { kind: 'existing-account'; notice: string }
  | { kind: 'unusable-invite'; message: string };

const UnusableInvite = ({ message }: { message: string }) => (
  <Stack gap="md">
    <Alert
      color="red"
      icon={<IconLinkOff size={18} />}
      title="This invitation can't be used"
      role="alert"
    >
      {message}
    </Alert>
    <Text size="sm" c="dimmed">
      Ask the Atelier team for a new invitation link. If you already accepted it, log in instead.
    </Text>
  </Stack>
);

/**
 * Accepting a supplier invitation: a new password (twice) and an optional name. When the
 * invited e-mail already has an Atelier account the server asks for that account's password
 * instead, and the form turns into a single password field that links the account.
 */
export const AcceptInviteForm = ({ token, onAccepted }: AcceptInviteFormProps) => {
  const accept = useAcceptSupplierInvite();
  const parsedToken = SupplierInviteTokenSchema.safeParse(token ?? '');
  const [stage, setStage] = useState<Stage>({ kind: 'new-account' });

  if (!parsedToken.success) {
    return (
      <UnusableInvite
        message={parsedToken.error.issues[0]?.message ?? 'This invitation link is not valid.'}
      />
    );
  }

  const acceptWith = async (password: string, name?: string) => {
    const session = await accept.mutateAsync({ token: parsedToken.data, password, name });
    onAccepted(session.currentSupplier);
  };

  switch (stage.kind) {
    case 'unusable-invite':
      return <UnusableInvite message={stage.message} />;
    case 'new-account':
      return (
        <NewAccountForm onSubmit={acceptWith} isPending={accept.isPending} onStage={setStage} />
      );
    case 'existing-account':
      return (
        <ExistingAccountForm
          notice={stage.notice}
          onSubmit={acceptWith}
          isPending={accept.isPending}
          onStage={setStage}
        />
      );
  }
};

type StageFormProps = {
  onSubmit: (password: string, name?: string) => Promise<void>;
  isPending: boolean;
  onStage: (stage: Stage) => void;
};

const NewAccountForm = ({ onSubmit, isPending, onStage }: StageFormProps) => {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<NewAccountValues>({
    resolver: zodResolver(NewAccountSchema),
    defaultValues: { password: '', confirmPassword: '', name: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values.password, values.name?.trim() || undefined);
    } catch (error) {
      const failure = classifyAcceptInviteFailure(error);
      if (failure === 'other') {
        setFormError(applyServerErrors(error, ['password', 'name'], form.setError));
      } else {
        const message = error instanceof Error ? error.message : '';
        onStage(
          failure === 'unusable_invite'
            ? { kind: 'unusable-invite', message }
            : { kind: 'existing-account', notice: message },
        );
      }
    }
  });

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-label="Accept the invitation"
    >
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <PasswordInput
          label="Choose a password"
          autoComplete="new-password"
          required
          autoFocus
          {...form.register('password')}
          error={errors.password?.message}
        />
        <PasswordInput
          label="Repeat the password"
          autoComplete="new-password"
          required
          {...form.register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <TextInput
          label="Your name"
          description="Optional."
          autoComplete="name"
          {...form.register('name')}
          error={errors.name?.message}
        />
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
          Already have an Atelier account with this e-mail? Enter its password (in both fields) and
          the company is added to that account.
        </Alert>
        <Button type="submit" loading={isPending} fullWidth>
          Join and open the inbox
        </Button>
      </Stack>
    </form>
  );
};

const ExistingAccountForm = ({
  notice,
  onSubmit,
  isPending,
  onStage,
}: StageFormProps & { notice: string }) => {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ExistingAccountValues>({
    resolver: zodResolver(ExistingAccountSchema),
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values.password);
    } catch (error) {
      const failure = classifyAcceptInviteFailure(error);
      if (failure === 'unusable_invite') {
        onStage({ kind: 'unusable-invite', message: error instanceof Error ? error.message : '' });
      } else if (failure === 'existing_account') {
        form.setError(
          'password',
          { type: 'server', message: 'This is not the password of your Atelier account.' },
          { shouldFocus: true },
        );
      } else {
        setFormError(applyServerErrors(error, ['password'], form.setError));
      }
    }
  });

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-label="Link your Atelier account"
    >
      <Stack gap="md">
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          {notice}
        </Alert>
        <FormErrorAlert message={formError} />
        <PasswordInput
          label="Password of your Atelier account"
          autoComplete="current-password"
          required
          autoFocus
          {...form.register('password')}
          error={errors.password?.message}
        />
        <Button type="submit" loading={isPending} fullWidth>
          Link my account and open the inbox
        </Button>
      </Stack>
    </form>
  );
};
