import { describe, expect, it } from 'vitest';
import { hrefs, isPublicPath, isSafeReturnPath } from './paths';

describe('isPublicPath', () => {
  it.each([
    '/login',
    '/shopify',
    '/shopify-paid-success',
    '/appsumo',
    '/app-bind',
    '/playground',
    '/bind-shopify',
    '/ai-storefront',
    '/share-report/r_1',
    '/supplier-profile/sup_1/post-review',
    '/confirm-review',
    '/public-pay-invoice/INV-9',
    '/preview-catalog-item/item_3',
    '/preview-supplier-profile/sup_2',
    '/bk/kit_1',
    '/login/',
  ])('treats %s as public', (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  it.each([
    '/',
    '/homebase',
    '/account-info',
    '/supplier-profile/sup_1',
    '/share-report',
    '/preview-catalog-item/a/b',
    '/login-help',
    '/inbox/messages',
  ])('treats %s as signed-in only', (path) => {
    expect(isPublicPath(path)).toBe(false);
  });
});

describe('isSafeReturnPath', () => {
  it('accepts a path of this site with its query', () => {
    expect(isSafeReturnPath('/account-info?tab=team#x')).toBe(true);
  });

  it.each(['//evil.example/x', 'https://evil.example', '/\\evil.example', 'homebase', ''])(
    'refuses %s',
    (value) => {
      expect(isSafeReturnPath(value)).toBe(false);
    },
  );
});

describe('hrefs', () => {
  it('builds the login href with an encoded return path', () => {
    expect(hrefs.login('/orders?activeTabKey=open')).toBe(
      '/login?redirect=%2Forders%3FactiveTabKey%3Dopen',
    );
    expect(hrefs.login()).toBe('/login');
    expect(hrefs.login('//evil.example')).toBe('/login');
  });

  it('tags a new copilot chat with where it was opened from', () => {
    expect(hrefs.newCopilotChat('nav')).toBe('/ask-copilot?from=nav');
  });

  it('builds the customers hrefs, leaving out the defaults', () => {
    expect(hrefs.customers()).toBe('/customers');
    expect(hrefs.customers({ search: 'ada', sort: 'LAST_ORDER' })).toBe('/customers?search=ada');
    expect(hrefs.customers({ sort: 'TOTAL_SPENT' })).toBe('/customers?sort=TOTAL_SPENT');
    expect(hrefs.customerOrders('cus_1')).toBe('/orders?customerId=cus_1');
  });

  it('builds tab hrefs', () => {
    expect(hrefs.manageShop('discounts')).toBe('/manage-shop?tab=discounts');
    expect(hrefs.manageShop()).toBe('/manage-shop');
    expect(hrefs.sourcingHome({ open: 'cart' })).toBe('/home?open=cart');
    expect(hrefs.inbox('needs-payment')).toBe('/inbox/needs-payment');
  });

  it('builds the orders hrefs (issue 12)', () => {
    expect(hrefs.checkout()).toBe('/checkout');
    expect(hrefs.checkout(['coi_1', 'coi_2'])).toBe('/checkout?items=coi_1%2Ccoi_2');
    expect(hrefs.payInvoice('inv_1')).toBe('/pay-invoice/inv_1');
    expect(hrefs.leaveReview('coi_1')).toBe('/leave-a-review/coi_1');
    expect(hrefs.ordersAndShipments()).toBe('/inbox/orders');
    expect(hrefs.ordersAndShipments({ tab: 'ALL' })).toBe('/inbox/orders');
    expect(hrefs.ordersAndShipments({ tab: 'SHIPPED', item: 'coi_1' })).toBe(
      '/inbox/orders?tab=SHIPPED&item=coi_1',
    );
  });

  it('builds catalog and custom project hrefs', () => {
    expect(hrefs.supplierProfile('cmp_1')).toBe('/browse-suppliers/supplier-profile/cmp_1');
    expect(hrefs.supplierProfile('cmp_1', 'reviews')).toBe(
      '/browse-suppliers/supplier-profile/cmp_1?tab=reviews',
    );
    expect(hrefs.previewSupplierProfile('cmp_1')).toBe('/preview-supplier-profile/cmp_1');
    expect(hrefs.previewSupplierProfile('cmp_1', 'reviews')).toBe(
      '/preview-supplier-profile/cmp_1?tab=reviews',
    );
    expect(hrefs.postSupplierReview('cmp_1')).toBe('/supplier-profile/cmp_1/post-review');
    expect(hrefs.catalogItem('itm_1')).toBe('/browse-suppliers/catalog-item/itm_1');
    expect(hrefs.previewCatalogItem('itm_1')).toBe('/preview-catalog-item/itm_1');
    expect(hrefs.customProject()).toBe('/create-custom-project');
    expect(hrefs.customProject({ supplierId: 'cmp_1' })).toBe(
      '/create-custom-project?supplierId=cmp_1',
    );
    expect(hrefs.customProject({ rfpId: 'rfp_1' })).toBe('/create-custom-project/rfp_1');
  });
});
