import { notifications } from '@mantine/notifications';

/** Shows an error toast; the same message twice at once shows once. */
export const showErrorToast = (message: string) => {
  notifications.show({
    id: `error:${message}`,
    color: 'red',
    title: 'Something went wrong',
    message,
  });
};

export const showSuccessToast = (message: string) => {
  notifications.show({ color: 'teal', message });
};
