import { notifications } from '@mantine/notifications';
import type { Return } from '@atelier/contract/fulfillment/returns';
import { useCancelReturn } from '../api/return-queries';
import { CancelWithReasonModal } from '../components/cancel-with-reason-modal';

type CancelReturnModalProps = { entry: Return; onClose: () => void };

/** Asks why before canceling a return that has not arrived: no refund is made (spec §4). */
export const CancelReturnModal = ({ entry, onClose }: CancelReturnModalProps) => {
  const cancel = useCancelReturn(entry.handle);
  return (
    <CancelWithReasonModal
      title={`Cancel ${entry.handle}?`}
      formLabel="Cancel return"
      consequence="The customer is not refunded and nothing comes back to stock."
      reasonDescription="Shown on the return."
      placeholder="e.g. The customer decided to keep it."
      submitLabel="Cancel return"
      fallbackError="The return could not be canceled."
      isPending={cancel.isPending}
      error={cancel.error}
      onCancel={(reason) =>
        cancel.mutate(reason, {
          onSuccess: (canceled) => {
            notifications.show({ message: `${canceled.handle} canceled: no refund is made.` });
            onClose();
          },
        })
      }
      onClose={onClose}
    />
  );
};
