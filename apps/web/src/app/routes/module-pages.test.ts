import { describe, expect, it } from 'vitest';
import { isUnbuiltHref } from './module-pages';

describe('isUnbuiltHref', () => {
  it.each([
    '/discount-detail/d_1',
    '/printful-widget',
    '/printful-widget/p_1',
    '/print-on-demand-catalog',
    '/shopify-design?productId=1',
    '/ask-copilot?from=nav',
    '/manage-shop?tab=profile',
  ])('says %s is not built yet', (href) => {
    expect(isUnbuiltHref(href)).toBe(true);
  });

  it.each([
    '/homebase',
    '/home?tab=products',
    '/browse-suppliers',
    '/favorites',
    '/inbox/messages',
    '/inbox/my-suppliers',
    '/inbox/custom-project-requests',
    '/inbox/orders',
    '/inbox/needs-payment',
    '/checkout',
    '/pay-invoice/inv_1',
    '/add-shipping-address/inv_1',
    '/leave-a-review/coi_1',
    '/fulfillment-services',
    '/fulfillment-services/reports',
    '/fulfillment-services/book-freight-shipment',
    '/fulfillment-services/support-tickets',
    '/fulfillment-services/pre-sale',
    '/homebase/quality-control',
    '/order-packaging/boxes',
    '/fulfillment-metrics',
    '/account-info',
    '/receivings-report',
    '/receivings',
    '/receivings/new',
    '/receivings/RCV-000001/details',
    '/fulfillment-services/shipping-labels',
    '/fulfillment-rules',
    '/fulfillment-rules?tab=held',
    '/return-settings',
    '/return-settings?tab=settings',
    '/inventory',
    '/inventory?status=ARCHIVED',
    '/inventory/new',
    '/inventory/prd_1',
    '/analytics',
    '/product-return-rate?from=2025-01-01&to=2025-03-31',
  ])('says %s is built', (href) => {
    expect(isUnbuiltHref(href)).toBe(false);
  });
});
