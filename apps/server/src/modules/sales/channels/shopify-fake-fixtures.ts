/*
 * A small shop in Shopify's GraphQL Admin shapes (issue 11 sync tests and the channels journey):
 * three products with variants (one a draft without options), two customers, three orders (one
 * partly refunded and fulfilled, one a canceled guest order). Nodes of nested connections are
 * listed under their parent; the fake's bulk export writes them as `__parentId` lines.
 */

export type FakeNode = Record<string, unknown>;
/** A root node and the nodes of its one nested connection (variants, line items). */
export type FakeRecord = { node: FakeNode; children: FakeNode[] };
export type FakeShopData = {
  name: string;
  email: string;
  currencyCode: string;
  products: FakeRecord[];
  customers: FakeRecord[];
  orders: FakeRecord[];
};

const money = (amount: string) => ({ shopMoney: { amount, currencyCode: 'USD' } });

const address = (fields: Record<string, string | null>) => ({
  firstName: null,
  lastName: null,
  company: null,
  address1: null,
  address2: null,
  city: null,
  provinceCode: null,
  zip: null,
  countryCodeV2: null,
  phone: null,
  ...fields,
});

const variant = (id: number, fields: FakeNode): FakeNode => ({
  id: `gid://shopify/ProductVariant/${id}`,
  sku: null,
  barcode: null,
  price: '0.00',
  compareAtPrice: null,
  selectedOptions: [],
  inventoryItem: { tracked: true, measurement: { weight: { unit: 'GRAMS', value: 0 } } },
  ...fields,
});

const line = (id: number, fields: FakeNode): FakeNode => ({
  id: `gid://shopify/LineItem/${id}`,
  sku: null,
  title: 'Item',
  variantTitle: null,
  quantity: 1,
  originalUnitPriceSet: money('0.00'),
  totalDiscountSet: money('0.00'),
  taxLines: [],
  ...fields,
});

const ADA = {
  id: 'gid://shopify/Customer/7001',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '+15555550100',
};
const GRACE = {
  id: 'gid://shopify/Customer/7002',
  email: 'grace@example.com',
  firstName: 'Grace',
  lastName: 'Hopper',
  phone: null,
};

/** A fresh copy of the shop (tests change it freely). */
export const shopifyFixtures = (): FakeShopData => ({
  name: 'Juniper & Oak',
  email: 'owner@juniper-oak.example',
  currencyCode: 'USD',
  products: [
    {
      node: {
        id: 'gid://shopify/Product/8001',
        title: 'Stoneware mug',
        descriptionHtml: '<p>Glazed stoneware, 350 ml.</p>',
        vendor: 'Juniper & Oak',
        productType: 'Mug',
        tags: ['kitchen', 'gift'],
        status: 'ACTIVE',
        options: [{ name: 'Color', values: ['Black', 'White'] }],
        featuredImage: {
          url: 'https://cdn.shopify.com/s/files/1/mug-black.jpg',
          altText: 'Black mug',
        },
      },
      children: [
        variant(9001, {
          sku: 'MUG-BLK',
          barcode: '0123456789012',
          price: '18.00',
          selectedOptions: [{ name: 'Color', value: 'Black' }],
          inventoryItem: { tracked: true, measurement: { weight: { unit: 'GRAMS', value: 350 } } },
        }),
        variant(9002, {
          sku: 'MUG-WHT',
          price: '18.00',
          compareAtPrice: '22.00',
          selectedOptions: [{ name: 'Color', value: 'White' }],
          inventoryItem: { tracked: true, measurement: { weight: { unit: 'GRAMS', value: 350 } } },
        }),
      ],
    },
    {
      node: {
        id: 'gid://shopify/Product/8002',
        title: 'Linen T-shirt',
        descriptionHtml: null,
        vendor: 'Juniper & Oak',
        productType: 'Shirts',
        tags: [],
        status: 'ACTIVE',
        options: [{ name: 'Size', values: ['S', 'M'] }],
        featuredImage: null,
      },
      children: [
        variant(9003, {
          sku: 'TEE-S',
          price: '25.00',
          selectedOptions: [{ name: 'Size', value: 'S' }],
          inventoryItem: {
            tracked: true,
            measurement: { weight: { unit: 'KILOGRAMS', value: 0.2 } },
          },
        }),
        variant(9004, {
          sku: 'TEE-M',
          price: '25.00',
          selectedOptions: [{ name: 'Size', value: 'M' }],
          inventoryItem: {
            tracked: true,
            measurement: { weight: { unit: 'KILOGRAMS', value: 0.2 } },
          },
        }),
      ],
    },
    {
      node: {
        id: 'gid://shopify/Product/8003',
        title: 'Gift card',
        descriptionHtml: null,
        vendor: null,
        productType: 'Gift card',
        tags: [],
        status: 'DRAFT',
        options: [{ name: 'Title', values: ['Default Title'] }],
        featuredImage: null,
      },
      children: [
        variant(9005, {
          price: '50.00',
          selectedOptions: [{ name: 'Title', value: 'Default Title' }],
          inventoryItem: { tracked: false, measurement: { weight: { unit: 'GRAMS', value: 0 } } },
        }),
      ],
    },
  ],
  customers: [
    {
      node: {
        ...ADA,
        tags: ['vip'],
        defaultAddress: address({
          firstName: 'Ada',
          lastName: 'Lovelace',
          address1: '1 Analytical Way',
          city: 'Raleigh',
          provinceCode: 'NC',
          zip: '27601',
          countryCodeV2: 'US',
        }),
        emailMarketingConsent: {
          marketingState: 'SUBSCRIBED',
          consentUpdatedAt: '2026-01-15T10:00:00Z',
        },
      },
      children: [],
    },
    {
      node: {
        ...GRACE,
        tags: [],
        defaultAddress: null,
        emailMarketingConsent: { marketingState: 'NOT_SUBSCRIBED', consentUpdatedAt: null },
      },
      children: [],
    },
  ],
  orders: [
    {
      node: {
        id: 'gid://shopify/Order/5001',
        name: '#1001',
        createdAt: '2026-03-02T19:05:11Z',
        currencyCode: 'USD',
        email: 'ada@example.com',
        taxesIncluded: false,
        displayFinancialStatus: 'PAID',
        displayFulfillmentStatus: 'UNFULFILLED',
        cancelledAt: null,
        tags: ['first-order'],
        note: 'Gift wrap, please',
        discountCodes: ['WELCOME5'],
        totalDiscountsSet: money('6.00'),
        totalShippingPriceSet: money('4.99'),
        totalTaxSet: money('4.80'),
        // 2 × 18 − 1 + 25 = 60; − 5 order discount + 4.99 shipping + 4.80 tax.
        totalPriceSet: money('64.79'),
        customer: ADA,
        shippingAddress: address({
          name: 'Ada Lovelace',
          firstName: 'Ada',
          lastName: 'Lovelace',
          address1: '1 Analytical Way',
          city: 'Raleigh',
          provinceCode: 'NC',
          zip: '27601',
          countryCodeV2: 'US',
        }),
        billingAddress: null,
        customerJourneySummary: {
          firstVisit: {
            landingPage: '/products/stoneware-mug?utm_source=newsletter',
            referrerUrl: 'https://www.google.com/',
          },
        },
        refunds: [],
      },
      children: [
        line(6001, {
          sku: 'MUG-BLK',
          title: 'Stoneware mug',
          variantTitle: 'Black',
          quantity: 2,
          originalUnitPriceSet: money('18.00'),
          totalDiscountSet: money('1.00'),
          taxLines: [{ priceSet: money('2.80') }],
        }),
        line(6002, {
          sku: 'TEE-M',
          title: 'Linen T-shirt',
          variantTitle: 'M',
          quantity: 1,
          originalUnitPriceSet: money('25.00'),
          taxLines: [{ priceSet: money('2.00') }],
        }),
      ],
    },
    {
      node: {
        id: 'gid://shopify/Order/5002',
        name: '#1002',
        createdAt: '2026-03-04T08:30:00Z',
        currencyCode: 'USD',
        email: 'grace@example.com',
        taxesIncluded: false,
        displayFinancialStatus: 'PARTIALLY_REFUNDED',
        displayFulfillmentStatus: 'FULFILLED',
        cancelledAt: null,
        tags: [],
        note: null,
        discountCodes: [],
        totalDiscountsSet: money('0.00'),
        totalShippingPriceSet: money('0.00'),
        totalTaxSet: money('0.00'),
        totalPriceSet: money('25.00'),
        customer: GRACE,
        shippingAddress: null,
        billingAddress: null,
        customerJourneySummary: null,
        refunds: [
          {
            id: 'gid://shopify/Refund/4001',
            createdAt: '2026-03-06T12:00:00Z',
            note: 'Loose thread',
            totalRefundedSet: money('10.00'),
          },
        ],
      },
      children: [
        line(6003, {
          sku: 'TEE-S',
          title: 'Linen T-shirt',
          variantTitle: 'S',
          quantity: 1,
          originalUnitPriceSet: money('25.00'),
        }),
      ],
    },
    {
      node: {
        id: 'gid://shopify/Order/5003',
        name: '#1003',
        createdAt: '2026-03-05T16:45:00Z',
        currencyCode: 'USD',
        email: null,
        taxesIncluded: false,
        displayFinancialStatus: 'VOIDED',
        displayFulfillmentStatus: 'UNFULFILLED',
        cancelledAt: '2026-03-05T17:00:00Z',
        tags: [],
        note: null,
        discountCodes: [],
        totalDiscountsSet: money('0.00'),
        totalShippingPriceSet: money('0.00'),
        totalTaxSet: money('0.00'),
        totalPriceSet: money('18.00'),
        customer: null,
        shippingAddress: null,
        billingAddress: null,
        customerJourneySummary: null,
        refunds: [],
      },
      children: [
        line(6004, {
          sku: 'MUG-WHT',
          title: 'Stoneware mug',
          variantTitle: 'White',
          quantity: 1,
          originalUnitPriceSet: money('18.00'),
        }),
      ],
    },
  ],
});

/** The bulk export's JSONL of one kind: each root node, then its children pointing back to it. */
export const toBulkJsonl = (records: FakeRecord[]): string =>
  records
    .flatMap(({ node, children }) => [
      JSON.stringify(node),
      ...children.map((child) => JSON.stringify({ ...child, __parentId: node.id })),
    ])
    .map((text) => `${text}\n`)
    .join('');
