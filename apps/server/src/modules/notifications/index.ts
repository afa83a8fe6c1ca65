/** Notifications module: the Notifier interface and its local outbox implementation. */
export { createOutboxNotifier, type EmailMessage, type Notifier } from './notifier';
