import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type AttachPaymentMethodBodySchema,
  billingEndpoints,
  type BillingOverview,
  type ChangePlanBodySchema,
} from '@atelier/contract/billing/billing-api';
import type { BundleName } from '@atelier/contract/billing/bundles';
import type { CancellationAnswers } from '@atelier/contract/billing/cancellation';
import type { BillingInterval } from '@atelier/contract/billing/plans';
import type { PlanType } from '@atelier/contract/identity/plans';
import { paymentConfig } from '@atelier/contract/orders/invoice';
import { callApi } from '@/lib/api-client';
import { downloadWithSession } from '@/lib/download';

export type ChangePlanInput = z.input<typeof ChangePlanBodySchema>;
export type AttachPaymentMethodInput = z.input<typeof AttachPaymentMethodBodySchema>;
/** A page of a cursor list: `cursor` is the answer's `nextCursor` of the page before. */
export type BillingPageQuery = { cursor?: string | undefined; limit?: number | undefined };

/** Invoices and credit entries shown on one page of /account-info's tables. */
export const BILLING_PAGE_SIZE = 10;

/**
 * Query keys of the billing feature (issue 13). Everything is the signed-in store's: switching
 * store drops every cached answer but the account's (identity's useSwitchStore).
 */
export const billingKeys = {
  all: ['billing'] as const,
  overview: () => [...billingKeys.all, 'overview'] as const,
  preview: (planType: PlanType, interval: BillingInterval) =>
    [...billingKeys.all, 'preview', planType, interval] as const,
  invoices: () => [...billingKeys.all, 'invoices'] as const,
  invoicesPage: (query: BillingPageQuery) => [...billingKeys.invoices(), query] as const,
  paymentMethods: () => [...billingKeys.all, 'payment-methods'] as const,
  credits: () => [...billingKeys.all, 'credits'] as const,
  creditsPage: (query: BillingPageQuery) => [...billingKeys.credits(), query] as const,
  /** The public price list: the same for every store, kept when switching store. */
  plans: () => ['billing-plans'] as const,
  /** The card provider's settings: outside `all`, as no billing change moves them. */
  paymentConfig: () => ['billing-payment-config'] as const,
};

/**
 * The signed-in account (identity's `accountKeys.currentUser()`): it carries the store's
 * `planType`, which a plan change, a cancellation's end or a reactivation moves. Named here
 * rather than imported, since a feature does not import another (STYLE.md §3).
 */
const CURRENT_USER_KEY = ['account', 'current-user'] as const;

/** Spec §4 pricing page: every plan, price and platform fee (public, no login). */
export const billingPlansQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.plans(),
    queryFn: ({ signal }) => callApi(billingEndpoints.plans, { signal }),
    staleTime: Infinity,
  });

export const useBillingPlans = () => useQuery(billingPlansQueryOptions());

/**
 * Spec §7 subscription get: plan, status, next invoice, seats, bundles, credits balance, feature
 * gates, the payment provider (`isLocal`: test cards and the test clock) and the billing time.
 */
export const billingOverviewQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.overview(),
    // Each section says itself when it could not load, with a retry.
    queryFn: ({ signal }) =>
      callApi(billingEndpoints.overview, { signal, shouldToastError: false }),
  });

export const useBillingOverview = () => useQuery(billingOverviewQueryOptions());

/**
 * What changing to `planType`/`interval` costs now (proration) and when it takes effect; the plan
 * modal asks before it confirms. `enabled: false` while nothing is chosen.
 */
export const usePlanChangePreview = (
  choice: { planType: PlanType; interval: BillingInterval } | null,
) =>
  useQuery({
    queryKey: choice
      ? billingKeys.preview(choice.planType, choice.interval)
      : [...billingKeys.all, 'preview', null],
    queryFn: ({ signal }) =>
      callApi(billingEndpoints.previewChange, {
        query: choice ?? undefined,
        signal,
        shouldToastError: false,
      }),
    enabled: choice !== null,
    // A preview is worth the billing time it was made at: never reused later.
    staleTime: 0,
  });

/** One page of the store's billing invoices, newest first. */
export const useBillingInvoices = (query: BillingPageQuery = {}) =>
  useQuery({
    queryKey: billingKeys.invoicesPage(query),
    queryFn: ({ signal }) =>
      callApi(billingEndpoints.invoices, {
        query: { limit: BILLING_PAGE_SIZE, ...query },
        signal,
        shouldToastError: false,
      }),
    placeholderData: keepPreviousData,
  });

/** The store's saved cards, the default one flagged. */
export const usePaymentMethods = () =>
  useQuery({
    queryKey: billingKeys.paymentMethods(),
    queryFn: ({ signal }) =>
      callApi(billingEndpoints.paymentMethods, { signal, shouldToastError: false }),
  });

/** The AI credits balance and one page of its ledger, newest first. */
export const useCredits = (query: BillingPageQuery = {}) =>
  useQuery({
    queryKey: billingKeys.creditsPage(query),
    queryFn: ({ signal }) =>
      callApi(billingEndpoints.credits, {
        query: { limit: BILLING_PAGE_SIZE, ...query },
        signal,
        shouldToastError: false,
      }),
    placeholderData: keepPreviousData,
  });

/**
 * A billing mutation: its answer may move anything of the store's billing (a charge makes an
 * invoice, a plan change moves seats and gates), so every billing query is read again, and the
 * signed-in account too: its store's `planType` follows a plan change, a cancellation, a paid
 * retry of an unpaid plan. Mutations never toast: the screen that asked shows the error (field
 * errors, reasons) itself.
 */
const useBillingMutation = <TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.all }),
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
      ]);
    },
  });
};

export type ChangePlanRequest = { body: ChangePlanInput; idempotencyKey: string };

/**
 * Starts a paid plan (trial the first time), upgrades now (prorated and charged) or schedules a
 * downgrade or cycle change for the period's end. The same `idempotencyKey` for a retry of one
 * attempt never charges twice. 402/409 reasons (card declined, seats in use) come back as
 * `ApiError`.
 */
export const useChangePlan = () =>
  useBillingMutation(({ body, idempotencyKey }: ChangePlanRequest) =>
    callApi(billingEndpoints.changePlan, {
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
      shouldToastError: false,
    }),
  );

/** Pauses the subscription for `months` (1…MAX_PAUSE_MONTHS); it resumes by itself then. */
export const usePauseSubscription = () =>
  useBillingMutation((months: number) =>
    callApi(billingEndpoints.pause, { body: { months }, shouldToastError: false }),
  );

/** Resumes a paused subscription now. */
export const useResumeSubscription = () =>
  useBillingMutation(() => callApi(billingEndpoints.resume, { shouldToastError: false }));

/**
 * The cancellation questionnaire's end: BOOK_A_CALL changes nothing, OFFER_TAKEN applies 40 %
 * off, CANCELED cancels at the period's end (the answer's `outcome`).
 */
export const useCancelSubscription = () =>
  useBillingMutation((answers: CancellationAnswers) =>
    callApi(billingEndpoints.cancel, { body: { answers }, shouldToastError: false }),
  );

/** Keeps a subscription that is set to cancel at the period's end. */
export const useUndoCancel = () =>
  useBillingMutation(() => callApi(billingEndpoints.undoCancel, { shouldToastError: false }));

/** Reactivates an ended subscription with a reactivation code. */
export const useReactivateSubscription = () =>
  useBillingMutation((code: string) =>
    callApi(billingEndpoints.reactivate, { body: { code }, shouldToastError: false }),
  );

/** Applies a promotion code to the next invoices. */
export const useApplyPromotionCode = () =>
  useBillingMutation((code: string) =>
    callApi(billingEndpoints.promotionCode, { body: { code }, shouldToastError: false }),
  );

/** Sets the additional seats (Scaling and Professional); an increase is charged prorated now. */
export const useUpdateSeats = () =>
  useBillingMutation((additionalSeats: number) =>
    callApi(billingEndpoints.seats, { body: { additionalSeats }, shouldToastError: false }),
  );

/** Spec §7 retry-invoice: charges an OPEN invoice again with the default card. */
export const useRetryInvoice = () =>
  useBillingMutation((invoiceId: string) =>
    callApi(billingEndpoints.retryInvoice, { params: { id: invoiceId }, shouldToastError: false }),
  );

/** Saves a card (a local test card or a Stripe PaymentMethod id); 201 with the saved card. */
export const useAttachPaymentMethod = () =>
  useBillingMutation((body: AttachPaymentMethodInput) =>
    callApi(billingEndpoints.attachPaymentMethod, { body, shouldToastError: false }),
  );

/** Removes a saved card. */
export const useDetachPaymentMethod = () =>
  useBillingMutation((paymentMethodId: string) =>
    callApi(billingEndpoints.detachPaymentMethod, {
      params: { id: paymentMethodId },
      shouldToastError: false,
    }),
  );

/** Makes a saved card the one future invoices are charged to. */
export const useMakeDefaultPaymentMethod = () =>
  useBillingMutation((paymentMethodId: string) =>
    callApi(billingEndpoints.defaultPaymentMethod, {
      params: { id: paymentMethodId },
      shouldToastError: false,
    }),
  );

export type BuyBundleInput = { name: BundleName; credits: number; paymentMethodId?: string };

/** Buys a bundle size: charged now, the bundle ACTIVE and its credits granted. */
export const useBuyBundle = () =>
  useBillingMutation(({ name, credits, paymentMethodId }: BuyBundleInput) =>
    callApi(billingEndpoints.buyBundle, {
      params: { name },
      body: paymentMethodId ? { credits, paymentMethodId } : { credits },
      shouldToastError: false,
    }),
  );

/**
 * Local provider only: moves the store's billing time forward by `days` and runs what falls due
 * (renewals, trial end, dunning retries, pause end). The answer is the new overview.
 */
export const useAdvanceTestClock = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number) =>
      callApi(billingEndpoints.advanceTestClock, { body: { days }, shouldToastError: false }),
    onSuccess: (overview: BillingOverview) =>
      queryClient.setQueryData(billingKeys.overview(), overview),
    onSettled: async (overview) => {
      await Promise.all([
        // The answer is the overview at the new time; everything else is read again.
        queryClient.invalidateQueries({
          queryKey: billingKeys.all,
          predicate: (query) => !overview || query.queryKey[1] !== 'overview',
        }),
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
      ]);
    },
  });
};

/**
 * Which provider takes cards (the payments' config, shared with the checkout): the local one's
 * test cards, or Stripe's publishable key for Stripe.js.
 */
export const useCardPaymentConfig = () =>
  useQuery({
    queryKey: billingKeys.paymentConfig(),
    queryFn: ({ signal }) => callApi(paymentConfig, { signal, shouldToastError: false }),
    staleTime: Infinity,
  });

/**
 * Saves a paid invoice's receipt (`receiptUrl`, a PDF behind the session): the bytes are fetched
 * with the bearer token, as a plain link would arrive without it. Throws when it fails.
 */
export const downloadInvoiceReceipt = (invoice: { number: string; receiptUrl: string }) =>
  downloadWithSession(invoice.receiptUrl, `${invoice.number}.pdf`);
