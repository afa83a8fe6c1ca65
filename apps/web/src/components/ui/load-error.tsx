import { Button, Group, Stack, Text } from '@mantine/core';

type LoadErrorProps = {
  message: string;
  onRetry: () => void;
  /** The retry centred under the message, for a panel of its own; else beside it. */
  isStacked?: boolean;
};

/** In place of data that could not be loaded: what failed, and a retry. */
export const LoadError = ({ message, onRetry, isStacked = false }: LoadErrorProps) => {
  const content = (
    <>
      <Text size="sm" c="red">
        {message}
      </Text>
      <Button size="xs" variant="light" onClick={onRetry}>
        Try again
      </Button>
    </>
  );
  return isStacked ? (
    <Stack align="center" gap="xs">
      {content}
    </Stack>
  ) : (
    <Group>{content}</Group>
  );
};
