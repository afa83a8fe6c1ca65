import type { PaymentMethodInput, TestCard } from './payment-provider';

/**
 * The cards the local provider knows (Stripe's test numbers, so habits carry over). Any other
 * valid card number is declined: nothing here pretends to be a real payment.
 */
export const TEST_CARDS: TestCard[] = [
  { number: '4242 4242 4242 4242', brand: 'visa', label: 'Succeeds', outcome: 'COMPLETED' },
  { number: '5555 5555 5555 4444', brand: 'mastercard', label: 'Succeeds', outcome: 'COMPLETED' },
  {
    number: '4000 0000 0000 0002',
    brand: 'visa',
    label: 'Declined: "Your card was declined."',
    outcome: 'INSTRUMENT_DECLINED',
  },
  {
    number: '4000 0000 0000 9995',
    brand: 'visa',
    label: 'Declined: "Your card has insufficient funds."',
    outcome: 'INSTRUMENT_DECLINED',
  },
  {
    number: '4000 0025 0000 3155',
    brand: 'visa',
    label: 'Asks the buyer to authenticate, then succeeds',
    outcome: 'REQUIRES_ACTION',
  },
];

const DECLINE_REASONS: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
};

/** A card number as digits: spaces removed, nothing else changed. */
export const toCardDigits = (number: string): string => number.replace(/ /g, '');

/** The test card with these digits and, for a decline, the reason the buyer sees. */
export const findTestCard = (
  digits: string,
): (TestCard & { declineReason: string | null }) | undefined => {
  const card = TEST_CARDS.find((testCard) => toCardDigits(testCard.number) === digits);
  return card && { ...card, declineReason: DECLINE_REASONS[digits] ?? null };
};

const isLuhnValid = (digits: string): boolean => {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

/**
 * Why a card cannot be charged at all (number: 12–19 digits after removing spaces and passing
 * the Luhn check; expiry: not before `now`'s month; CVC: 3–4 digits), or undefined when its
 * details are well formed. The message is safe to show the buyer.
 */
export const findCardProblem = (
  card: Extract<PaymentMethodInput, { type: 'test_card' }>,
  now: Date,
): string | undefined => {
  const digits = toCardDigits(card.number);
  if (!/^\d{12,19}$/.test(digits) || !isLuhnValid(digits)) return 'The card number is not valid.';
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return 'The expiry month is not valid.';
  }
  if (!Number.isInteger(card.expYear) || card.expYear < 0) return 'The expiry year is not valid.';
  // Two-digit years are accepted as printed on the card ("29" → 2029).
  const expYear = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  // A card is valid through the last day of its expiry month (UTC here).
  if (expYear * 12 + card.expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    return 'The card has expired.';
  }
  if (!/^\d{3,4}$/.test(card.cvc)) return 'The security code (CVC) is not valid.';
  return undefined;
};
