import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { applyCardErrors, CardFormSchema, testCardExpiry } from './card-form';

const card = (overrides: Partial<Record<'number' | 'expiry' | 'cvc', string>> = {}) => ({
  number: '4242 4242 4242 4242',
  expiry: '12 / 30',
  cvc: '123',
  ...overrides,
});

/** Each field's first message, as the form shows it. */
const messagesOf = (values: ReturnType<typeof card>) => {
  const messages: Record<string, string> = {};
  for (const issue of CardFormSchema.safeParse(values).error?.issues ?? []) {
    messages[String(issue.path[0])] ??= issue.message;
  }
  return messages;
};

const refusal = (details: { field: string; message: string }[]) =>
  new ApiError({
    status: 400,
    code: 'bad_request',
    message: 'The card was refused.',
    reason: 'card_invalid',
    details,
  });

describe('CardFormSchema', () => {
  it('makes the test_card payment method: spaces kept as typed, the year in four digits', () => {
    expect(
      CardFormSchema.parse(card({ number: ' 4000  0000 0000 0002 ', expiry: '3/31' })),
    ).toEqual({
      type: 'test_card',
      number: '4000 0000 0000 0002',
      expMonth: 3,
      expYear: 2031,
      cvc: '123',
    });
    expect(CardFormSchema.parse(card({ expiry: '09 / 2032' }))).toMatchObject({
      expMonth: 9,
      expYear: 2032,
    });
  });

  it('asks for a number of 12 to 19 digits, an expiry as MM / YY and a three or four digit CVC', () => {
    expect(messagesOf(card({ number: '', expiry: '', cvc: '' }))).toEqual({
      number: 'Enter the card number.',
      expiry: 'The month and year, as MM / YY.',
      cvc: 'Three or four digits.',
    });
    expect(messagesOf(card({ number: '4242 4242 424' }))).toEqual({
      number: 'The card number has 12 to 19 digits.',
    });
    expect(messagesOf(card({ number: '4242 4242 4242 4242 4242' }))).toEqual({
      number: 'The card number has 12 to 19 digits.',
    });
    expect(messagesOf(card({ number: '4242-4242-4242-4242' }))).toEqual({
      number: 'The card number has 12 to 19 digits.',
    });
    expect(messagesOf(card({ expiry: '13 / 30' }))).toEqual({
      expiry: 'The month and year, as MM / YY.',
    });
    expect(messagesOf(card({ cvc: '12' }))).toEqual({ cvc: 'Three or four digits.' });
    expect(messagesOf(card({ number: '3782 822463 10005', cvc: '1234' }))).toEqual({});
  });
});

describe('applyCardErrors', () => {
  it('puts the server’s card issues on the fields, focusing the first', () => {
    const setError = vi.fn();
    const isShown = applyCardErrors(
      refusal([
        { field: 'body.paymentMethod.expMonth', message: 'This card has expired.' },
        { field: 'paymentMethod.number', message: 'The card number is not valid.' },
      ]),
      setError,
    );
    expect(isShown).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['expiry', { type: 'server', message: 'This card has expired.' }, { shouldFocus: true }],
      [
        'number',
        { type: 'server', message: 'The card number is not valid.' },
        { shouldFocus: false },
      ],
    ]);
  });

  it('leaves a refusal about something else, or no answer at all, to the caller', () => {
    const setError = vi.fn();
    expect(
      applyCardErrors(
        refusal([{ field: 'body.discountCode', message: 'Unknown code.' }]),
        setError,
      ),
    ).toBe(false);
    expect(applyCardErrors(new Error('offline'), setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('testCardExpiry', () => {
  it('is December, four years ahead', () => {
    expect(testCardExpiry(new Date(2026, 5, 1))).toBe('12 / 30');
    expect(testCardExpiry(new Date(2097, 0, 1))).toBe('12 / 01');
  });
});
