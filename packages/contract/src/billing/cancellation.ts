import { z } from 'zod';

/**
 * Spec §4 cancellation questionnaire: seven steps in this order, with the exact choices. Step 7 is
 * the Cancel subscription button. Outcomes: book a call or cancel (or the 40 % offer taken).
 */
export const CANCELLATION_REASONS = {
  NOT_READY: 'Not ready to start',
  UNSURE_WHAT_TO_CREATE: 'Unsure what to create',
  PRODUCT_NOT_FOUND: 'Product not found',
  SUPPLIER_DID_NOT_REPLY: "Supplier didn't reply",
  LOW_FUNDS: 'Low funds',
  NEED_HELP: 'Need help',
} as const;
/** Keys are not the labels: a key like '10' would sort before the others in a JS object. */
export const CANCELLATION_RATINGS = { R0_3: '0-3', R4_6: '4-6', R7_9: '7-9', R10: '10' } as const;
export const BOOK_A_CALL_CHOICES = { YES: 'Yes', NO: 'No' } as const;
export const SAMPLES_NOT_ORDERED_REASONS = {
  DID_NOT_KNOW: "Didn't know to order",
  UNABLE_TO_FIND: 'Unable to find products',
  ORDERED_WANT_TO_CANCEL: 'Did order but want to cancel',
  SUPPLIER_DID_NOT_RESPOND: "Supplier didn't respond",
  TOO_MUCH_WORK: 'Too much work',
} as const;
export const OFFER_CHOICES = { YES: 'Yes', MAYBE_LATER: 'Maybe later', NO: 'No' } as const;

const keys = <T extends Record<string, string>>(record: T) =>
  Object.keys(record) as [keyof T & string, ...(keyof T & string)[]];

export const CancellationReasonSchema = z.enum(keys(CANCELLATION_REASONS));
export const CancellationRatingSchema = z.enum(keys(CANCELLATION_RATINGS));
export const BookACallChoiceSchema = z.enum(keys(BOOK_A_CALL_CHOICES));
export const SamplesNotOrderedReasonSchema = z.enum(keys(SAMPLES_NOT_ORDERED_REASONS));
export const OfferChoiceSchema = z.enum(keys(OFFER_CHOICES));

/** The steps in order, as the modal walks them (1-based in the UI: "Step 3 of 7"). */
export const CANCELLATION_STEPS = [
  'reason',
  'rating',
  'bookACall',
  'samplesNotOrdered',
  'offer',
  'suggestions',
  'confirm',
] as const;
export type CancellationStep = (typeof CANCELLATION_STEPS)[number];

/** Answers as submitted; every step after the one where the store stopped is null. */
export const CancellationAnswersSchema = z.object({
  reason: CancellationReasonSchema,
  rating: CancellationRatingSchema.nullable(),
  bookACall: BookACallChoiceSchema.nullable(),
  samplesNotOrdered: SamplesNotOrderedReasonSchema.nullable(),
  offer: OfferChoiceSchema.nullable(),
  suggestions: z.string().trim().max(2000).nullable(),
});
export type CancellationAnswers = z.infer<typeof CancellationAnswersSchema>;

/** How a questionnaire ended. */
export const CancellationOutcomeSchema = z.enum(['BOOK_A_CALL', 'OFFER_TAKEN', 'CANCELED']);
export type CancellationOutcome = z.infer<typeof CancellationOutcomeSchema>;

/**
 * The outcome the answers lead to: "Yes" to a call ends it with BOOK_A_CALL, "Yes" to the offer
 * with OFFER_TAKEN; otherwise the store reaches step 7 and cancels.
 */
export const cancellationOutcomeOf = (
  answers: Pick<CancellationAnswers, 'bookACall' | 'offer'>,
): CancellationOutcome =>
  answers.bookACall === 'YES'
    ? 'BOOK_A_CALL'
    : answers.offer === 'YES'
      ? 'OFFER_TAKEN'
      : 'CANCELED';
