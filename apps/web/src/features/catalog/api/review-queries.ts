import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  confirmPublicCompanyReview,
  createCompanyReview,
  createPublicCompanyReview,
  getCompanyReviewSummary,
  listCompanyReviews,
  type PublicReviewInput,
  updateCompanyReview,
} from '@atelier/contract/catalog/review';
import { callApi } from '@/lib/api-client';
import { catalogKeys } from './catalog-keys';
import { keysetPaging } from './keyset-paging';

export const useSupplierReviews = (companyId: string, size = 10) =>
  useInfiniteQuery({
    queryKey: [...catalogKeys.reviews(companyId), size],
    queryFn: ({ pageParam, signal }) =>
      callApi(listCompanyReviews, { query: { companyId, size, cursor: pageParam }, signal }),
    ...keysetPaging,
  });

export const useReviewSummary = (companyId: string) =>
  useQuery({
    queryKey: catalogKeys.reviewSummary(companyId),
    queryFn: ({ signal }) => callApi(getCompanyReviewSummary, { query: { companyId }, signal }),
  });

export type ReviewValues = { rating: number; title: string; body: string };

/** Writes the store's review of a supplier, or edits it when `reviewId` is given. */
export const useSaveReview = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, ...values }: ReviewValues & { reviewId?: string }) =>
      reviewId
        ? callApi(updateCompanyReview, {
            params: { id: reviewId },
            body: values,
            shouldToastError: false,
          })
        : callApi(createCompanyReview, {
            body: { ...values, companyId },
            shouldToastError: false,
          }),
    onSuccess: () => invalidateSupplierReviews(queryClient, companyId),
  });
};

/** A review from the public page: stored unverified until its author confirms the e-mail. */
export const useCreatePublicReview = () =>
  useMutation({
    mutationFn: (body: PublicReviewInput) =>
      callApi(createPublicCompanyReview, { body, shouldToastError: false }),
  });

/** Confirms a public review from its e-mailed link; from then on it counts in the rating. */
export const useConfirmReview = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      callApi(confirmPublicCompanyReview, { body: { token }, shouldToastError: false }),
    onSuccess: ({ review }) => invalidateSupplierReviews(queryClient, review.companyId),
  });
}; /** A supplier's reviews changed: its list, summary and card (rating, review count) reload. */
const invalidateSupplierReviews = (queryClient: QueryClient, companyId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: catalogKeys.reviews(companyId) }),
    queryClient.invalidateQueries({ queryKey: catalogKeys.reviewSummary(companyId) }),
    queryClient.invalidateQueries({ queryKey: catalogKeys.supplier(companyId) }),
  ]);
