// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { billingEndpoints } from '@atelier/contract/billing/billing-api';
import {
  CANCELLATION_RATINGS,
  CANCELLATION_REASONS,
  type CancellationAnswers,
  SAMPLES_NOT_ORDERED_REASONS,
} from '@atelier/contract/billing/cancellation';
import { aSubscription } from '@/testing/billing-overview-factories';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { CancellationQuestionnaire } from './cancellation-questionnaire';

const { requestsTo } = startMockServer();

const CANCEL_PATH = billingEndpoints.cancel.path;
const UNDO_PATH = billingEndpoints.undoCancel.path;

const subscription = aSubscription({ currentPeriodEnd: '2026-04-01T00:00:00.000Z' });

/** The server's answer: the outcome the answers lead to, as the contract decides it. */
const answerCancel = () =>
  server.use(
    handle(billingEndpoints.cancel, ({ body }) => {
      const { bookACall, offer } = body.answers;
      if (bookACall === 'YES') return { outcome: 'BOOK_A_CALL' as const, subscription };
      if (offer === 'YES') {
        return {
          outcome: 'OFFER_TAKEN' as const,
          subscription: aSubscription({
            discount: { code: 'STAY40', percentOff: 40, invoicesRemaining: 3 },
          }),
        };
      }
      return {
        outcome: 'CANCELED' as const,
        subscription: aSubscription({
          cancelAtPeriodEnd: true,
          canceledAt: '2026-03-10T12:00:00.000Z',
        }),
      };
    }),
    handle(billingEndpoints.undoCancel, () => subscription),
  );

const renderQuestionnaire = () => {
  const onExit = vi.fn();
  const onDone = vi.fn();
  const onBackToPlan = vi.fn();
  const result = render(
    <MantineProvider env="test">
      <CancellationQuestionnaire
        subscription={subscription}
        onExit={onExit}
        onDone={onDone}
        onBackToPlan={onBackToPlan}
      />
    </MantineProvider>,
  );
  return { ...result, onExit, onDone, onBackToPlan };
};

type User = ReturnType<typeof render>['user'];

const choose = async (user: User, label: string) => {
  await user.click(screen.getByRole('radio', { name: label }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
};

const bodyOfOnlyCancel = async (): Promise<CancellationAnswers> => {
  await waitFor(() => expect(requestsTo('POST', CANCEL_PATH)).toHaveLength(1));
  return (requestsTo('POST', CANCEL_PATH)[0]?.body as { answers: CancellationAnswers }).answers;
};

describe('CancellationQuestionnaire', () => {
  it('walks the seven steps with the exact choices, Back and a Next that waits for an answer', async () => {
    answerCancel();
    const { user, onExit } = renderQuestionnaire();

    expect(screen.getByText('Step 1 of 7')).toBeTruthy();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(
      Object.keys(CANCELLATION_REASONS),
    );
    for (const label of Object.values(CANCELLATION_REASONS)) {
      expect(screen.getByRole('radio', { name: label })).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);

    await choose(user, 'Low funds');
    expect(screen.getByText('Step 2 of 7')).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    for (const label of Object.values(CANCELLATION_RATINGS)) {
      expect(screen.getByRole('radio', { name: label })).toBeTruthy();
    }
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 1 of 7')).toBeTruthy();
    // The answer given is kept.
    expect(screen.getByRole('radio', { name: 'Low funds' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onExit).toHaveBeenCalledOnce();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await choose(user, '4-6');
    expect(screen.getByText('Step 3 of 7')).toBeTruthy();
    await choose(user, 'No');
    expect(screen.getByText('Step 4 of 7')).toBeTruthy();
    for (const label of Object.values(SAMPLES_NOT_ORDERED_REASONS)) {
      expect(screen.getByRole('radio', { name: label })).toBeTruthy();
    }
    await choose(user, 'Too much work');
    expect(screen.getByText('Step 5 of 7')).toBeTruthy();
    expect(screen.getByText('Stay with 40% off your next 3 invoices?')).toBeTruthy();
    for (const label of ['Yes', 'Maybe later', 'No']) {
      expect(screen.getByRole('radio', { name: label })).toBeTruthy();
    }
    await choose(user, 'Maybe later');
    expect(screen.getByText('Step 6 of 7')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 7 of 7')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
    // Nothing was sent on the way.
    expect(requestsTo('POST', CANCEL_PATH)).toHaveLength(0);
  });

  it('books a call on "Yes" at step 3, cancels nothing and leads back to the plan', async () => {
    answerCancel();
    const { user, onBackToPlan, onDone } = renderQuestionnaire();
    await choose(user, "Supplier didn't reply");
    await choose(user, '7-9');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.getByText("We'll call you within 24 hours. Nothing is canceled.")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Book a call' }));

    expect(await bodyOfOnlyCancel()).toEqual({
      reason: 'SUPPLIER_DID_NOT_REPLY',
      rating: 'R7_9',
      bookACall: 'YES',
      samplesNotOrdered: null,
      offer: null,
      suggestions: null,
    });
    const outcome = await screen.findByTestId('cancellation-outcome');
    expect(screen.getByRole('heading', { name: 'Your call is booked' })).toBe(
      document.activeElement,
    );
    expect(outcome.textContent).toContain(
      "We'll call you within 24 hours to help you get unstuck. Nothing was canceled: your Scaling plan continues.",
    );
    // The spec names no booking page: nothing leads away from the plan.
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to my plan' }));
    expect(onBackToPlan).toHaveBeenCalledOnce();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('applies the 40 % offer on "Yes" at step 5', async () => {
    answerCancel();
    const { user } = renderQuestionnaire();
    await choose(user, 'Not ready to start');
    await choose(user, '0-3');
    await choose(user, 'No');
    await choose(user, "Didn't know to order");
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Take the offer' }));

    expect(await bodyOfOnlyCancel()).toMatchObject({
      bookACall: 'NO',
      samplesNotOrdered: 'DID_NOT_KNOW',
      offer: 'YES',
      suggestions: null,
    });
    expect((await screen.findByTestId('cancellation-outcome')).textContent).toContain(
      '40% off your next 3 invoices',
    );
  });

  it('cancels at the period end with the Cancel subscription button, and Undo keeps the plan', async () => {
    answerCancel();
    const { user } = renderQuestionnaire();
    await choose(user, 'Need help');
    await choose(user, '10');
    await choose(user, 'No');
    await choose(user, 'Unable to find products');
    await choose(user, 'No');
    await user.type(screen.getByLabelText('Your suggestions (optional)'), '  More suppliers  ');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 7 of 7').parentElement?.textContent).toContain('Apr 1, 2026');
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));

    expect(await bodyOfOnlyCancel()).toEqual({
      reason: 'NEED_HELP',
      rating: 'R10',
      bookACall: 'NO',
      samplesNotOrdered: 'UNABLE_TO_FIND',
      offer: 'NO',
      suggestions: 'More suppliers',
    });
    const outcome = await screen.findByTestId('cancellation-outcome');
    expect(outcome.textContent).toContain('Your subscription is canceled');
    expect(outcome.textContent).toContain('ends on Apr 1, 2026');
    expect(outcome.textContent).toContain('Undo keeps your plan');

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(requestsTo('POST', UNDO_PATH)).toHaveLength(1));
    expect(await screen.findByText('Your plan continues')).toBeTruthy();
  });

  it("shows the server's message and keeps the answers when the cancellation is refused", async () => {
    server.use(
      handle(billingEndpoints.cancel, () =>
        errorResponse(409, {
          code: 'conflict',
          message: 'This subscription is already canceled.',
        }),
      ),
    );
    const { user } = renderQuestionnaire();
    await choose(user, 'Low funds');
    await choose(user, '4-6');
    await choose(user, 'No');
    await choose(user, 'Too much work');
    await choose(user, 'No');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'This subscription is already canceled.',
    );
    expect(screen.getByText('Step 7 of 7')).toBeTruthy();
    expect(screen.queryByTestId('cancellation-outcome')).toBeNull();
  });
});
