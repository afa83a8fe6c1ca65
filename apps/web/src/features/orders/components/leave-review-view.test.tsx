// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getOrderItem, reviewOrderItem } from '@atelier/contract/orders/order-item-api';
import { aCompanyReview } from '@/testing/factories';
import { errorResponse, handle } from '@/testing/handlers';
import { anOrderItem } from '@/testing/order-factories';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { LeaveReviewView } from './leave-review-view';

const { requestsTo } = startMockServer();

const received = anOrderItem({
  id: 'coi_1',
  status: 'SHIPPED',
  receivingStatus: 'RECEIVED',
  trackingNumber: '1Z999',
  carrier: 'UPS',
});

const renderView = () => {
  const onReviewed = vi.fn();
  const result = renderAtRoute({
    path: '/leave-a-review/$orderId',
    initialEntry: '/leave-a-review/coi_1',
    component: () => (
      <LeaveReviewView
        itemId="coi_1"
        orderHref="/inbox/orders?item=coi_1"
        ordersHref="/inbox/orders"
        supplierHrefOf={(companyId) => `/browse-suppliers/supplier-profile/${companyId}`}
        onReviewed={onReviewed}
      />
    ),
  });
  return { ...result, onReviewed };
};

const fillForm = async (user: ReturnType<typeof renderView>['user']) => {
  screen.getByRole('radio', { name: '5' }).focus();
  await user.keyboard(' ');
  await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Great first run');
  await user.type(screen.getByRole('textbox', { name: 'Your review' }), 'On time, well sewn.');
};

describe('LeaveReviewView', () => {
  it('reviews the supplier of a received item, shown on its profile as a verified purchase', async () => {
    server.use(
      handle(getOrderItem, () => received),
      handle(reviewOrderItem, ({ body }) =>
        aCompanyReview({ ...body, isOwn: true, isVerifiedPurchase: true }),
      ),
    );
    const { user, onReviewed } = renderView();

    expect(await screen.findByRole('heading', { name: 'Lakeside Knitwear' })).toBeTruthy();
    expect(screen.getByText('Heavyweight tee, black')).toBeTruthy();
    expect(screen.getByText('Received')).toBeTruthy();
    expect(screen.queryByText(/once you have received/)).toBeNull();

    // Stars and a title are needed; the text is optional.
    await user.click(screen.getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('Give 1 to 5 stars.')).toBeTruthy();
    expect(screen.getByText('Give your review a title.')).toBeTruthy();
    expect(requestsTo('POST', reviewOrderItem.path)).toHaveLength(0);

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Post review' }));

    const thanks = await screen.findByRole('heading', {
      name: "Thanks — your review is on Lakeside Knitwear's profile as a verified purchase",
    });
    expect(document.activeElement).toBe(thanks);
    expect(
      screen.getByRole('link', { name: 'See your review on their profile' }).getAttribute('href'),
    ).toBe('/browse-suppliers/supplier-profile/cmp_1');
    expect(screen.queryByRole('form', { name: 'Leave a review' })).toBeNull();
    const [request] = requestsTo('POST', '/api/web/creator-order-items/coi_1/review');
    expect(request?.body).toEqual({
      rating: 5,
      title: 'Great first run',
      body: 'On time, well sewn.',
    });
    expect(onReviewed).toHaveBeenCalledWith(expect.objectContaining({ companyId: 'cmp_1' }));
  });

  it("shows the server's refusal before the goods are received, with a link back to the order", async () => {
    server.use(
      handle(getOrderItem, () => ({ ...received, receivingStatus: 'NONE' as const })),
      handle(reviewOrderItem, () =>
        errorResponse(409, {
          code: 'conflict',
          message: 'Review the supplier once you have received the goods.',
          reason: 'order_item_not_received',
        }),
      ),
    );
    const { user, onReviewed } = renderView();
    expect(
      await screen.findByText(/You can review Lakeside Knitwear once you have received/),
    ).toBeTruthy();

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Post review' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Review the supplier once you have received the goods.');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Back to the order' }).getAttribute('href')).toBe(
        '/inbox/orders?item=coi_1',
      ),
    );
    expect(screen.queryByText(/Thanks —/)).toBeNull();
    expect(onReviewed).not.toHaveBeenCalled();
  });

  it('says when there is no such order', async () => {
    server.use(
      handle(getOrderItem, () =>
        errorResponse(404, { code: 'not_found', message: 'No such order item.' }),
      ),
    );
    renderView();
    expect(await screen.findByText('No such order')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your orders' }).getAttribute('href')).toBe(
      '/inbox/orders',
    );
  });
});
