import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createSupplierInvite,
  type SupplierInviteInput,
} from '@atelier/contract/sourcing/supplier-invite';
import { callApi } from '@/lib/api-client';
import { sourcingKeys } from './custom-project-queries';

export const useInviteSupplier = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SupplierInviteInput) =>
      callApi(createSupplierInvite, { body, shouldToastError: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcingKeys.invites() }),
  });
};
