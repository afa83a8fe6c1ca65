// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { billingEndpoints, type PlanChangePreview } from '@atelier/contract/billing/billing-api';
import { PLATFORM_FEES, planCatalogue } from '@atelier/contract/billing/plans';
import { paymentConfig } from '@atelier/contract/orders/invoice';
import {
  aBillingInvoice,
  aBillingOverview,
  aPaymentMethod,
  aSubscription,
} from '@/testing/billing-overview-factories';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { ManagePlanModal } from './manage-plan-modal';
import type { ManagePlanRequest } from './manage-plan-modal-search';

const { requestsTo } = startMockServer();

const aPreview = (overrides: Partial<PlanChangePreview> = {}): PlanChangePreview => ({
  planType: 'TIER_3',
  interval: 'MONTH',
  kind: 'UPGRADE',
  amountDueNow: 6_452,
  credit: 6_387,
  charge: 12_839,
  currencyCode: 'USD',
  effectiveAt: '2026-03-10T12:00:00.000Z',
  trialDays: 0,
  blockedReason: null,
  discount: null,
  ...overrides,
});

type Setup = {
  overview?: ReturnType<typeof aBillingOverview>;
  preview?: (query: { planType: string; interval: string }) => PlanChangePreview;
  hasCard?: boolean;
};

const answer = ({ overview = aBillingOverview(), preview, hasCard = true }: Setup = {}) =>
  server.use(
    handle(billingEndpoints.overview, () => overview),
    handle(billingEndpoints.plans, () => ({ plans: planCatalogue(), fees: PLATFORM_FEES })),
    handle(billingEndpoints.previewChange, ({ query }) =>
      preview ? preview(query) : aPreview({ planType: query.planType, interval: query.interval }),
    ),
    handle(billingEndpoints.paymentMethods, () => ({
      items: hasCard ? [aPaymentMethod()] : [],
    })),
    handle(paymentConfig, () => ({
      provider: 'local' as const,
      publishableKey: null,
      testCards: [
        { number: '4242 4242 4242 4242', label: 'Succeeds', outcome: 'COMPLETED' },
        {
          number: '4000 0000 0000 0002',
          label: 'Declined: "Your card was declined."',
          outcome: 'INSTRUMENT_DECLINED',
        },
      ],
      paypal: { clientId: null, isLocal: true },
    })),
  );

const renderModal = (request: Partial<ManagePlanRequest> = {}, canManage = true) => {
  const onClose = vi.fn();
  const onNavigate = vi.fn();
  const result = render(
    <MantineProvider env="test">
      <ManagePlanModal
        opened
        onClose={onClose}
        onNavigate={onNavigate}
        canManage={canManage}
        request={{ step: 'overview', plan: undefined, interval: undefined, ...request }}
      />
    </MantineProvider>,
  );
  return { ...result, onClose, onNavigate };
};

describe('ManagePlanModal', () => {
  it('opens on the overview: plan, status, price, period end and next invoice', async () => {
    answer();
    const { user, onClose, onNavigate } = renderModal();
    const summary = await screen.findByTestId('subscription-summary');
    expect(within(summary).getByTestId('summary-plan-name').textContent).toBe('Scaling');
    expect(within(summary).getByTestId('summary-status').textContent).toBe('Active');
    expect(summary.textContent).toContain('$99.00 / month');
    expect(summary.textContent).toContain('Current period endsApr 1, 2026');
    expect(within(summary).getByTestId('summary-next-invoice').textContent).toBe(
      '$99.00 on Apr 1, 2026',
    );
    for (const name of [
      'Upgrade to Professional',
      'Change billing cycle',
      'Pause',
      'Cancel plan',
    ]) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    await user.click(screen.getByRole('link', { name: 'Compare plans and fees' }));
    expect(onClose).toHaveBeenCalled();
    expect(onNavigate).toHaveBeenCalledWith('/pricing');
  });

  it('shows what an upgrade charges now (proration credit and charge) and upgrades with an Idempotency-Key', async () => {
    answer();
    server.use(
      handle(billingEndpoints.changePlan, () => ({
        subscription: aSubscription({ planType: 'TIER_3', unitAmount: 19_900 }),
        invoice: aBillingInvoice({ number: 'ATL-000007', total: 6_452, amountPaid: 6_452 }),
      })),
    );
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Professional' }));

    expect(await screen.findByTestId('preview-due-now')).toHaveProperty('textContent', '$64.52');
    expect(screen.getByTestId('preview-credit').textContent).toBe('−$63.87');
    expect(screen.getByTestId('preview-charge').textContent).toBe('$128.39');
    expect(screen.getByRole('radio', { name: /Professional/ }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Upgrade and pay $64.52' }));

    await waitFor(() =>
      expect(requestsTo('POST', billingEndpoints.changePlan.path)).toHaveLength(1),
    );
    const request = requestsTo('POST', billingEndpoints.changePlan.path)[0];
    expect(request?.body).toEqual({ planType: 'TIER_3', interval: 'MONTH' });
    expect(request?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    const confirmed = await screen.findByTestId('manage-plan-confirmed');
    expect(confirmed.textContent).toContain('$64.52 was charged (invoice ATL-000007)');
  });

  it("shows the subscription's discount taken off an upgrade, and the discounted amount to pay", async () => {
    answer({
      preview: () =>
        aPreview({
          amountDueNow: 1_316,
          discount: { code: 'CANCEL40', percentOff: 40, amount: 5_136 },
        }),
    });
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Professional' }));

    expect(await screen.findByTestId('preview-discount')).toHaveProperty('textContent', '−$51.36');
    expect(screen.getByText('CANCEL40: 40% off')).toBeTruthy();
    expect(screen.getByTestId('preview-due-now').textContent).toBe('$13.16');
    expect(screen.getByRole('button', { name: 'Upgrade and pay $13.16' })).toBeTruthy();
  });

  it('shows the date a downgrade takes effect, nothing charged now', async () => {
    answer({
      preview: ({ planType }) =>
        aPreview({
          planType: planType as PlanChangePreview['planType'],
          kind: 'DOWNGRADE',
          amountDueNow: 0,
          credit: 0,
          charge: 0,
          effectiveAt: '2026-04-01T00:00:00.000Z',
        }),
    });
    renderModal({ step: 'downgrade' });
    expect(await screen.findByTestId('preview-due-now')).toHaveProperty('textContent', '$0.00');
    expect(screen.getByRole('radio', { name: /Beginner/ }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByTestId('preview-effect').textContent).toContain(
      'Nothing is charged now. The change takes effect on Apr 1, 2026',
    );
    expect(screen.queryByTestId('preview-credit')).toBeNull();
    expect(screen.getByRole('button', { name: 'Move to Beginner on Apr 1, 2026' })).toBeTruthy();
  });

  it("shows the preview's blocked reason and does not let the change be sent", async () => {
    answer({
      preview: () =>
        aPreview({
          planType: 'TIER_2',
          kind: 'DOWNGRADE',
          amountDueNow: 0,
          effectiveAt: '2026-04-01T00:00:00.000Z',
          blockedReason: 'Your store uses 2 seats; Beginner has 1. Remove team members first.',
        }),
    });
    renderModal({ step: 'downgrade' });
    expect((await screen.findByTestId('preview-blocked')).textContent).toContain(
      'Your store uses 2 seats; Beginner has 1.',
    );
    expect(screen.getByRole('button', { name: /Move to Beginner/ })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('asks a store without a card to add one (test cards listed) before starting a paid plan', async () => {
    answer({
      overview: aBillingOverview({ planType: 'TIER_1', subscription: null, upcomingInvoice: null }),
      preview: ({ planType }) =>
        aPreview({
          planType: planType as PlanChangePreview['planType'],
          kind: 'START',
          amountDueNow: 0,
          credit: 0,
          charge: 0,
          trialDays: 14,
        }),
      hasCard: false,
    });
    server.use(
      handle(billingEndpoints.attachPaymentMethod, () => {
        // From now on the store has the card.
        server.use(handle(billingEndpoints.paymentMethods, () => ({ items: [aPaymentMethod()] })));
        return aPaymentMethod();
      }),
    );
    const { user } = renderModal({ step: 'manage', plan: 'TIER_2' });
    expect(
      await screen.findByText('A paid plan is charged to a card: add one first.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Beginner trial' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByTestId('preview-effect').textContent).toContain('14-day free trial');

    await user.click(
      await screen.findByRole('button', { name: 'Use test card 4242 4242 4242 4242' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() =>
      expect(requestsTo('POST', billingEndpoints.attachPaymentMethod.path)).toHaveLength(1),
    );
    expect(requestsTo('POST', billingEndpoints.attachPaymentMethod.path)[0]?.body).toMatchObject({
      paymentMethod: { type: 'test_card', number: '4242 4242 4242 4242', cvc: '123' },
      makeDefault: true,
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Start Beginner trial' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    expect(screen.queryByRole('button', { name: 'Save card' })).toBeNull();
  });

  it("shows the server's message when the change is refused", async () => {
    answer();
    server.use(
      handle(billingEndpoints.changePlan, () =>
        errorResponse(402, {
          code: 'unprocessable',
          message: 'Your card was declined.',
          reason: 'card_declined',
        }),
      ),
    );
    const { user } = renderModal({ step: 'manage', plan: 'TIER_3' });
    await user.click(await screen.findByRole('button', { name: 'Upgrade and pay $64.52' }));
    // The refusal is an alert in the dialog (a toast of an earlier test may be an alert too).
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Your card was declined.',
      ),
    );
    expect(screen.queryByTestId('manage-plan-confirmed')).toBeNull();

    // Trying again is a new attempt: the server would replay the decline for the same key.
    await user.click(screen.getByRole('button', { name: 'Upgrade and pay $64.52' }));
    await waitFor(() =>
      expect(requestsTo('POST', billingEndpoints.changePlan.path)).toHaveLength(2),
    );
    const [first, second] = requestsTo('POST', billingEndpoints.changePlan.path).map((request) =>
      request.headers.get('Idempotency-Key'),
    );
    expect(second).not.toBe(first);
  });

  it('pauses for 1, 2 or 3 months only, showing the day the plan resumes', async () => {
    answer();
    server.use(
      handle(billingEndpoints.pause, ({ body }) =>
        aSubscription({
          pausedAt: '2026-03-10T12:00:00.000Z',
          resumesAt: `2026-0${3 + body.months}-10T12:00:00.000Z`,
          isPaused: true,
        }),
      ),
    );
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Pause' }));

    const group = screen.getByRole('radiogroup', { name: /How long should your plan pause/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['1', '2', '3']);
    expect(screen.getByTestId('pause-resume-date').textContent).toContain('Apr 10, 2026');
    await user.click(screen.getByRole('radio', { name: '3 months' }));
    expect(screen.getByTestId('pause-resume-date').textContent).toContain('Jun 10, 2026');
    await user.click(screen.getByRole('button', { name: 'Pause for 3 months' }));

    await waitFor(() => expect(requestsTo('POST', billingEndpoints.pause.path)).toHaveLength(1));
    expect(requestsTo('POST', billingEndpoints.pause.path)[0]?.body).toEqual({ months: 3 });
    expect((await screen.findByTestId('manage-plan-confirmed')).textContent).toContain(
      'paused until Jun 10, 2026',
    );
  });

  it('confirms the pause even though the refreshed overview already shows the plan paused', async () => {
    answer();
    const paused = aSubscription({
      pausedAt: '2026-03-10T12:00:00.000Z',
      resumesAt: '2026-04-10T12:00:00.000Z',
      isPaused: true,
    });
    let isPaused = false;
    server.use(
      handle(billingEndpoints.pause, () => {
        isPaused = true;
        return paused;
      }),
      // After the pause the overview says so: the pause step's own condition no longer holds.
      handle(billingEndpoints.overview, () =>
        isPaused ? aBillingOverview({ subscription: paused }) : aBillingOverview(),
      ),
    );
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    await user.click(screen.getByRole('button', { name: 'Pause for 1 month' }));
    expect((await screen.findByTestId('manage-plan-confirmed')).textContent).toContain(
      'paused until Apr 10, 2026',
    );
  });

  it('leads Cancel through the verification into the questionnaire', async () => {
    answer();
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Cancel plan' }));
    expect(screen.getByText(/keeps working until/).textContent).toContain('Apr 1, 2026');
    await user.click(screen.getByRole('button', { name: 'Continue to cancel' }));
    expect(screen.getByText('Step 1 of 7')).toBeTruthy();
    expect(requestsTo('POST', billingEndpoints.cancel.path)).toHaveLength(0);
  });

  it('books a call from the questionnaire, then leads back to the plan', async () => {
    answer();
    server.use(
      handle(billingEndpoints.cancel, () => ({
        outcome: 'BOOK_A_CALL' as const,
        subscription: aSubscription(),
      })),
    );
    const { user, onClose, onNavigate } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Cancel plan' }));
    await user.click(screen.getByRole('button', { name: 'Continue to cancel' }));
    for (const label of ['Need help', '10']) {
      await user.click(screen.getByRole('radio', { name: label }));
      await user.click(screen.getByRole('button', { name: 'Next' }));
    }
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Book a call' }));
    expect(await screen.findByRole('heading', { name: 'Your call is booked' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back to my plan' }));
    expect(await screen.findByTestId('subscription-summary')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel plan' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('resumes a paused plan', async () => {
    answer({
      overview: aBillingOverview({
        subscription: aSubscription({
          pausedAt: '2026-03-01T00:00:00.000Z',
          resumesAt: '2026-05-01T00:00:00.000Z',
          isPaused: true,
        }),
        upcomingInvoice: null,
      }),
    });
    server.use(handle(billingEndpoints.resume, () => aSubscription()));
    const { user } = renderModal();
    expect((await screen.findByTestId('summary-status')).textContent).toBe('Paused');
    await user.click(screen.getByRole('button', { name: 'Resume now' }));
    expect(await screen.findByText(/Your plan is active again/)).toBeTruthy();
    expect(requestsTo('POST', billingEndpoints.resume.path)).toHaveLength(1);
  });

  it('lets a canceled store reactivate with the REACTIVATE code', async () => {
    answer({
      overview: aBillingOverview({
        planType: 'TIER_1',
        subscription: aSubscription({
          status: 'CANCELED',
          isActive: false,
          canceledAt: '2026-03-01T00:00:00.000Z',
          endedAt: '2026-03-08T00:00:00.000Z',
        }),
        upcomingInvoice: null,
      }),
    });
    server.use(
      handle(billingEndpoints.reactivate, () => ({ subscription: aSubscription(), invoice: null })),
    );
    const { user } = renderModal();
    await user.type(await screen.findByLabelText('Reactivation code'), 'REACTIVATE');
    await user.click(screen.getByRole('button', { name: 'Reactivate' }));
    await waitFor(() =>
      expect(requestsTo('POST', billingEndpoints.reactivate.path)).toHaveLength(1),
    );
    expect(requestsTo('POST', billingEndpoints.reactivate.path)[0]?.body).toEqual({
      code: 'REACTIVATE',
    });
    expect((await screen.findByTestId('manage-plan-confirmed')).textContent).toContain(
      'You are on Scaling',
    );
  });

  it('shows a member the overview only, whatever step the address asks for', async () => {
    answer();
    renderModal({ step: 'cancel' }, false);
    expect(await screen.findByTestId('manage-plan-read-only')).toBeTruthy();
    expect(screen.getByTestId('subscription-summary')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue to cancel' })).toBeNull();
  });

  it('retries a change that got no answer with the same Idempotency-Key', async () => {
    answer();
    server.use(
      // The first request gets no answer (the network fails), the retry its answer.
      handle(billingEndpoints.changePlan, () => HttpResponse.error(), { once: true }),
      handle(billingEndpoints.changePlan, () => ({
        subscription: aSubscription({ planType: 'TIER_3' }),
        invoice: null,
      })),
    );
    const { user } = renderModal({ step: 'manage', plan: 'TIER_3' });
    await user.click(await screen.findByRole('button', { name: 'Upgrade and pay $64.52' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Upgrade and pay $64.52' }));
    await screen.findByTestId('manage-plan-confirmed');
    const keys = requestsTo('POST', billingEndpoints.changePlan.path).map((request) =>
      request.headers.get('Idempotency-Key'),
    );
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('offers no pause during a trial, and says why when the address asks for it', async () => {
    answer({
      overview: aBillingOverview({
        subscription: aSubscription({
          status: 'TRIALING',
          trialEndsAt: '2026-03-24T00:00:00.000Z',
        }),
      }),
    });
    renderModal({ step: 'pause' });
    expect(await screen.findByText('A trial cannot be paused; cancel it instead.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pause for/ })).toBeNull();
  });
});
