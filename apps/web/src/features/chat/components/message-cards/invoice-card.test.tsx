// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MessagePayload } from '@atelier/contract/chat/message';
import { renderAtRoute } from '@/testing/render';
import type { ChatSide } from '../../chat-client';
import { InvoiceCard } from './invoice-card';

const payload: Extract<MessagePayload, { type: 'INVOICE' }> = {
  type: 'INVOICE',
  invoiceId: 'inv_a1',
  title: 'Merino beanies, 100 units',
  lineCount: 2,
  total: 1_234_550,
  currencyCode: 'USD',
};

const renderCard = (side: ChatSide) =>
  renderAtRoute({
    path: '/',
    initialEntry: '/',
    component: () => <InvoiceCard payload={payload} side={side} />,
  });

describe('InvoiceCard', () => {
  it('shows the store its title, line count and total, with a link to pay it', async () => {
    renderCard('STORE');
    expect(await screen.findByText('Merino beanies, 100 units')).toBeTruthy();
    expect(screen.getByText('2 lines')).toBeTruthy();
    expect(screen.getByText('$12,345.50')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View and pay' }).getAttribute('href')).toBe(
      '/pay-invoice/inv_a1',
    );
  });

  it('links the supplier to its invoices', async () => {
    renderCard('SUPPLIER');
    expect((await screen.findByRole('link', { name: 'View invoice' })).getAttribute('href')).toBe(
      '/partner/invoices',
    );
    expect(screen.queryByRole('link', { name: 'View and pay' })).toBeNull();
  });
});
