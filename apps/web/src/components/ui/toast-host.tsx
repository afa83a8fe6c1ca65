import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Where the app's toasts (`lib/notify`) appear; loaded with the first toast (issue 10). */
export const ToastHost = () => <Notifications position="top-right" limit={4} />;
