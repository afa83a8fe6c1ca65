import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

type FormErrorAlertProps = { message: string | null; mb?: AlertProps['mb'] };

/** A failed submit's message that no field took, shown above the form; nothing without one. */
export const FormErrorAlert = ({ message, mb }: FormErrorAlertProps) =>
  message ? (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" mb={mb}>
      {message}
    </Alert>
  ) : null;
