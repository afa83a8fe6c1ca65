import { describe, expect, it } from 'vitest';
import {
  BOOK_A_CALL_CHOICES,
  CANCELLATION_RATINGS,
  CANCELLATION_REASONS,
  CANCELLATION_STEPS,
  CancellationAnswersSchema,
  cancellationOutcomeOf,
  OFFER_CHOICES,
  SAMPLES_NOT_ORDERED_REASONS,
  type CancellationAnswers,
} from './cancellation';

const answers = (overrides: Partial<CancellationAnswers> = {}): CancellationAnswers => ({
  reason: 'LOW_FUNDS',
  rating: 'R4_6',
  bookACall: 'NO',
  samplesNotOrdered: 'TOO_MUCH_WORK',
  offer: 'NO',
  suggestions: null,
  ...overrides,
});

describe('the spec §4 cancellation questionnaire', () => {
  it('has seven steps in the spec’s order, the last one the Cancel button', () => {
    expect(CANCELLATION_STEPS).toEqual([
      'reason',
      'rating',
      'bookACall',
      'samplesNotOrdered',
      'offer',
      'suggestions',
      'confirm',
    ]);
  });

  it('offers exactly the spec’s choices, worded as the spec words them', () => {
    expect(Object.values(CANCELLATION_REASONS)).toEqual([
      'Not ready to start',
      'Unsure what to create',
      'Product not found',
      "Supplier didn't reply",
      'Low funds',
      'Need help',
    ]);
    expect(Object.values(CANCELLATION_RATINGS)).toEqual(['0-3', '4-6', '7-9', '10']);
    expect(Object.values(BOOK_A_CALL_CHOICES)).toEqual(['Yes', 'No']);
    expect(Object.values(SAMPLES_NOT_ORDERED_REASONS)).toEqual([
      "Didn't know to order",
      'Unable to find products',
      'Did order but want to cancel',
      "Supplier didn't respond",
      'Too much work',
    ]);
    expect(Object.values(OFFER_CHOICES)).toEqual(['Yes', 'Maybe later', 'No']);
  });

  it.each<[Partial<CancellationAnswers>, string]>([
    [{ bookACall: 'YES', offer: null }, 'BOOK_A_CALL'],
    [{ bookACall: 'YES', offer: 'YES' }, 'BOOK_A_CALL'],
    [{ offer: 'YES' }, 'OFFER_TAKEN'],
    [{ offer: 'MAYBE_LATER' }, 'CANCELED'],
    [{ offer: 'NO' }, 'CANCELED'],
  ])('answers %o end with %s', (overrides, outcome) => {
    expect(cancellationOutcomeOf(answers(overrides))).toBe(outcome);
  });

  it('refuses a choice that is not in the list and over-long suggestions', () => {
    expect(CancellationAnswersSchema.safeParse({ ...answers(), reason: 'BORED' }).success).toBe(
      false,
    );
    expect(
      CancellationAnswersSchema.safeParse({ ...answers(), suggestions: 'x'.repeat(2001) }).success,
    ).toBe(false);
    expect(
      CancellationAnswersSchema.safeParse(answers({ suggestions: 'More suppliers' })).success,
    ).toBe(true);
  });
});
