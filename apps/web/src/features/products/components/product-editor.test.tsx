// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  createProduct,
  type Product,
  type ProductInput,
  updateProduct,
} from '@atelier/contract/sales/product';
import { variantTitleOf } from '@atelier/contract/sales/product-values';
import { errorResponse, handle } from '@/testing/handlers';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { ProductEditor } from './product-editor';

const { requestsTo } = startMockServer();

/** The product the server would answer with for a body it accepted. */
const productOf = (body: ProductInput, overrides: Partial<Product> = {}): Product => {
  const currencyCode = body.currencyCode ?? 'USD';
  const options = body.options ?? [];
  const variants = body.variants.map((variant, index) => ({
    id: `var_${index + 1}`,
    title: variantTitleOf(options, variant.optionValues ?? []),
    optionValues: variant.optionValues ?? [],
    sku: variant.sku ?? null,
    barcode: variant.barcode ?? null,
    price: { amount: variant.priceAmount, currencyCode },
    compareAtPrice:
      variant.compareAtPriceAmount == null
        ? null
        : { amount: variant.compareAtPriceAmount, currencyCode },
    weightGrams: variant.weightGrams ?? null,
    tracked: variant.tracked ?? true,
  }));
  const prices = variants.map((variant) => variant.price.amount);
  return {
    id: 'prd_apron',
    title: body.title,
    vendor: body.vendor ?? null,
    productType: body.productType ?? null,
    status: 'ACTIVE',
    imageUrl: body.images?.[0]?.url ?? null,
    variantCount: variants.length,
    minPrice: { amount: Math.min(...prices), currencyCode },
    maxPrice: { amount: Math.max(...prices), currencyCode },
    skus: variants.flatMap((variant) => (variant.sku ? [variant.sku] : [])),
    updatedAt: '2026-03-04T10:00:00.000Z',
    description: body.description ?? null,
    tags: body.tags ?? [],
    category: null,
    currencyCode,
    options,
    images: (body.images ?? []).map((image) => ({ url: image.url, alt: image.alt ?? null })),
    variants,
    channel: null,
    externalId: null,
    createdAt: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
};

const renderEditor = (props: Parameters<typeof ProductEditor>[0] = {}) =>
  renderAtRoute({
    path: '/inventory/new',
    initialEntry: '/inventory/new',
    component: () => <ProductEditor {...props} />,
  });

/** Typing a whole product key by key takes a few seconds on a busy machine. */
const LONG_FORM_TIMEOUT_MS = 30_000;

describe('ProductEditor', () => {
  it(
    'generates a variant per combination of two options and sends the product',
    async () => {
      server.use(handle(createProduct, ({ body }) => productOf(body)));
      const onCreated = vi.fn();
      const { user } = renderEditor({ onCreated });

      await user.type(await screen.findByRole('textbox', { name: /Title/ }), 'Linen apron');
      await user.type(screen.getByRole('textbox', { name: 'Vendor' }), 'Atelier Goods');
      await user.click(screen.getByRole('button', { name: 'Add option' }));
      await user.type(screen.getByRole('textbox', { name: 'Option 1 name' }), 'Color');
      await user.type(
        screen.getByRole('combobox', { name: 'Option 1 values' }),
        'Sage{Enter}Rust{Enter}',
      );
      await user.click(screen.getByRole('button', { name: 'Add option' }));
      await user.type(screen.getByRole('textbox', { name: 'Option 2 name' }), 'Size');
      await user.type(screen.getByRole('combobox', { name: 'Option 2 values' }), 'S,M,');

      // The options no longer match the single variant: the editor offers to build them.
      const stale = await screen.findByTestId('variants-stale');
      expect(within(stale).getByText(/Generate the 4 variants/)).toBeTruthy();
      await user.click(within(stale).getByRole('button', { name: 'Generate variants' }));

      const table = screen.getByTestId('variants-table');
      expect(
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((row) => within(row).getAllByRole('cell')[0]?.textContent),
      ).toEqual(['Sage / S', 'Sage / M', 'Rust / S', 'Rust / M']);
      await user.type(within(table).getByRole('textbox', { name: 'SKU of Sage / S' }), 'AP-SAGE-S');
      await user.type(within(table).getByRole('textbox', { name: 'Price of Sage / S' }), '24');
      await user.type(
        within(table).getByRole('textbox', { name: 'Compare-at price of Sage / S' }),
        '30.5',
      );
      await user.type(
        within(table).getByRole('textbox', { name: 'Weight in grams of Sage / S' }),
        '180',
      );
      await user.click(within(table).getByRole('switch', { name: 'Track stock of Sage / S' }));
      await user.type(within(table).getByRole('textbox', { name: 'Price of Sage / M' }), '24');
      // A zero after the point stays while the cents are typed ("26.0" is not cut back to "26").
      await user.type(within(table).getByRole('textbox', { name: 'Price of Rust / S' }), '26.05');
      await user.click(within(table).getByRole('button', { name: 'Remove Rust / M' }));
      await user.click(screen.getByRole('button', { name: 'Add product' }));

      await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
      expect(requestsTo('POST', createProduct.path)[0]?.body).toEqual({
        title: 'Linen apron',
        description: null,
        vendor: 'Atelier Goods',
        productType: null,
        tags: [],
        categoryId: null,
        currencyCode: 'USD',
        options: [
          { name: 'Color', values: ['Sage', 'Rust'] },
          { name: 'Size', values: ['S', 'M'] },
        ],
        images: [],
        variants: [
          {
            optionValues: ['Sage', 'S'],
            sku: 'AP-SAGE-S',
            barcode: null,
            priceAmount: 2_400,
            compareAtPriceAmount: 3_050,
            weightGrams: 180,
            tracked: false,
          },
          ...(
            [
              [['Sage', 'M'], 2_400],
              [['Rust', 'S'], 2_605],
            ] as const
          ).map(([optionValues, priceAmount]) => ({
            optionValues,
            sku: null,
            barcode: null,
            priceAmount,
            compareAtPriceAmount: null,
            weightGrams: null,
            tracked: true,
          })),
        ],
      });
    },
    LONG_FORM_TIMEOUT_MS,
  );

  it('shows a SKU another product has on that variant’s SKU field', async () => {
    const product = productOf({
      title: 'Linen apron',
      options: [{ name: 'Color', values: ['Sage', 'Rust'] }],
      variants: [
        { optionValues: ['Sage'], sku: 'AP-SAGE', priceAmount: 2_400 },
        { optionValues: ['Rust'], sku: 'AP-RUST', priceAmount: 2_400 },
      ],
    });
    server.use(
      handle(updateProduct, () =>
        errorResponse(409, {
          code: 'conflict',
          message: 'Another product of this store has the SKU TOTE-1.',
          reason: 'sku_taken',
          details: [{ field: 'body.variants.1.sku', message: 'Another product has this SKU.' }],
        }),
      ),
    );
    const { user } = renderEditor({ product });

    const rustSku = await screen.findByRole('textbox', { name: 'SKU of Rust' });
    await user.clear(rustSku);
    await user.type(rustSku, 'TOTE-1');
    await user.click(screen.getByRole('button', { name: 'Save product' }));

    await waitFor(() => expect(rustSku.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = rustSku.getAttribute('aria-describedby') ?? '';
    expect(
      document.getElementById(describedBy.split(' ').find((id) => id.includes('error'))!)
        ?.textContent,
    ).toBe('Another product has this SKU.');
    expect(
      screen.getByRole('textbox', { name: 'SKU of Sage' }).getAttribute('aria-invalid'),
    ).not.toBe('true');
    expect(document.activeElement).toBe(rustSku);
    expect(requestsTo('PUT', '/api/web/products/prd_apron')[0]?.body).toMatchObject({
      variants: [{ sku: 'AP-SAGE' }, { sku: 'TOTE-1' }],
    });
    // The field took the message: no alert repeats it above the form.
    expect(screen.queryByText(/Another product of this store/)).toBeNull();
  });

  it('checks the form with the contract before sending anything', async () => {
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Give the product a title.')).toBeTruthy();
    expect(screen.getByText('Enter a price.')).toBeTruthy();
    expect(requestsTo('POST', createProduct.path)).toHaveLength(0);
  });
});
