import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, TextInput } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import {
  CardFormSchema,
  type CardFormValues,
  type CardPaymentMethod,
  testCardExpiry,
} from './card-form';
import { StripeCardField, type StripeCardFieldProps } from './stripe-card-field';

export type CardForm = UseFormReturn<CardFormValues, unknown, CardPaymentMethod>;

/** The card as typed for the local provider, checked by `CardFormSchema`. */
export const useCardForm = (): CardForm =>
  useForm<CardFormValues, unknown, CardPaymentMethod>({
    resolver: zodResolver(CardFormSchema),
    defaultValues: { number: '', expiry: '', cvc: '' },
  });

/**
 * A test card's "Use": its number, and an expiry and CVC that work where none was typed yet.
 * After a submit the fields are checked again, so an error the card fixed goes away; the number
 * takes the focus, so the keyboard goes on from the filled card.
 */
export const fillTestCard = (form: CardForm, number: string) => {
  const options = { shouldValidate: form.formState.isSubmitted };
  form.setValue('number', number, options);
  if (!form.getValues('expiry')) form.setValue('expiry', testCardExpiry(), options);
  if (!form.getValues('cvc')) form.setValue('cvc', '123', options);
  form.setFocus('number');
};

type CardFieldsProps = {
  form: CardForm;
  /** The card number's example. */
  numberPlaceholder: string;
  /** Stripe takes the card: its CardElement instead of the number, expiry and CVC inputs. */
  stripe: StripeCardFieldProps | null;
};

/** Where the payer gives the card: Stripe's CardElement, or the local provider's three inputs. */
export const CardFields = ({ form, numberPlaceholder, stripe }: CardFieldsProps) => {
  const { errors } = form.formState;
  if (stripe) return <StripeCardField {...stripe} />;
  return (
    <>
      <TextInput
        label="Card number"
        required
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder={numberPlaceholder}
        leftSection={<IconCreditCard size={16} aria-hidden />}
        {...form.register('number')}
        error={errors.number?.message}
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label="Expiry"
          required
          autoComplete="cc-exp"
          placeholder="MM / YY"
          {...form.register('expiry')}
          error={errors.expiry?.message}
        />
        <TextInput
          label="CVC"
          required
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          {...form.register('cvc')}
          error={errors.cvc?.message}
        />
      </SimpleGrid>
    </>
  );
};
