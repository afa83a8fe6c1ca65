// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadFile } from '@atelier/contract/files/file';
import {
  wholesaleEndpoints as api,
  type WholesaleRequirements,
} from '@atelier/contract/fulfillment/wholesale';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer, TEST_ORIGIN } from '@/testing/server';
import { WholesaleRequirementsSection } from './wholesale-requirements-section';

const { requestsTo } = startMockServer();
const REQUIREMENTS_PATH = '/api/web/orders/ord_1/wholesale-requirements';

afterEach(() => vi.restoreAllMocks());

const aRequirements = (overrides: Partial<WholesaleRequirements> = {}): WholesaleRequirements => ({
  orderId: 'ord_1',
  purchaseOrderNumber: null,
  shipWindowStart: null,
  shipWindowEnd: null,
  isPackingSlipRequired: true,
  isCartonLabelRequired: false,
  isPalletized: false,
  instructions: null,
  attachments: [],
  canChange: true,
  updatedAt: null,
  ...overrides,
});

/** Answers like the server: the PUT replaces what the GET then reads. */
const serveRequirements = (initial: WholesaleRequirements) => {
  let current = initial;
  server.use(
    handle(api.getWholesaleRequirements, () => current),
    handle(api.saveWholesaleRequirements, ({ body }) => {
      current = {
        ...current,
        ...body,
        attachments: body.attachmentFileIds.map((fileId) => ({
          fileId,
          name: 'routing-guide.pdf',
          sizeBytes: 52_000,
          contentType: 'application/pdf',
          url: `/api/files/${fileId}/routing-guide.pdf`,
        })),
        updatedAt: '2026-11-23T14:30:00.000Z',
      };
      return current;
    }),
  );
};

const fileInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input.');
  return input;
};

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('WholesaleRequirementsSection', () => {
  it('saves a wholesale order’s requirements with an uploaded attachment', async () => {
    serveRequirements(aRequirements());
    server.use(
      handle(uploadFile, () => ({
        id: 'fil_guide1',
        name: 'routing-guide.pdf',
        extension: 'pdf',
        contentType: 'application/pdf',
        sizeBytes: 52_000,
        url: '/api/files/fil_guide1/routing-guide.pdf',
        createdAt: '2026-11-23T14:00:00.000Z',
      })),
    );
    const { user } = render(<WholesaleRequirementsSection orderId="ord_1" isWholesale />);
    const form = await screen.findByRole('form', { name: 'Wholesale requirements' });
    expect(
      within(form).getByRole<HTMLInputElement>('switch', { name: 'Packing slip in each carton' })
        .checked,
    ).toBe(true);

    await user.type(within(form).getByLabelText('PO number'), 'PO-778812');
    type('Ship window from', '2026-12-01');
    type('Ship window to', '2026-12-10');
    await user.click(within(form).getByRole('switch', { name: 'Carton labels' }));
    await user.type(within(form).getByLabelText(/^Instructions/), 'Max 24 totes per carton.');
    await user.upload(
      fileInput(),
      new File([new Uint8Array([37, 80, 68, 70])], 'routing-guide.pdf', {
        type: 'application/pdf',
      }),
    );
    expect(await within(form).findByText('routing-guide.pdf')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Save requirements' }));

    await waitFor(() => expect(requestsTo('PUT', REQUIREMENTS_PATH)).toHaveLength(1));
    expect(requestsTo('PUT', REQUIREMENTS_PATH)[0]?.body).toEqual({
      purchaseOrderNumber: 'PO-778812',
      shipWindowStart: '2026-12-01',
      shipWindowEnd: '2026-12-10',
      isPackingSlipRequired: true,
      isCartonLabelRequired: true,
      isPalletized: false,
      instructions: 'Max 24 totes per carton.',
      attachmentFileIds: ['fil_guide1'],
    });
    expect(await screen.findByText('Wholesale requirements saved.')).toBeTruthy();
    const saved = screen.getByRole('form', { name: 'Wholesale requirements' });
    expect(within(saved).getByLabelText<HTMLInputElement>('PO number').value).toBe('PO-778812');
    expect(within(saved).getByText('routing-guide.pdf')).toBeTruthy();
  });

  it('refuses a window that ends before it starts without asking the server', async () => {
    serveRequirements(aRequirements());
    const { user } = render(<WholesaleRequirementsSection orderId="ord_1" isWholesale />);
    await screen.findByRole('form', { name: 'Wholesale requirements' });
    type('Ship window from', '2026-12-10');
    type('Ship window to', '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Save requirements' }));
    expect(await screen.findByText('The ship window ends before it starts.')).toBeTruthy();
    expect(requestsTo('PUT', REQUIREMENTS_PATH)).toHaveLength(0);
  });

  it('shows the server’s refusal of an attachment under the attachments', async () => {
    serveRequirements(
      aRequirements({
        attachments: [
          {
            fileId: 'fil_gone1',
            name: 'old-labels.pdf',
            sizeBytes: 2_048,
            contentType: 'application/pdf',
            url: '/api/files/fil_gone1/old-labels.pdf',
          },
        ],
        updatedAt: '2026-11-20T10:00:00.000Z',
      }),
    );
    server.use(
      handle(api.saveWholesaleRequirements, () =>
        errorResponse(400, {
          code: 'bad_request',
          reason: 'file_not_found',
          message: 'Attach only files uploaded by this store.',
          details: [
            {
              field: 'body.attachmentFileIds',
              message: 'Attach only files uploaded by this store.',
            },
          ],
        }),
      ),
    );
    const { user } = render(<WholesaleRequirementsSection orderId="ord_1" isWholesale />);
    expect(await screen.findByText('old-labels.pdf')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save requirements' }));
    const refusal = await screen.findByText('Attach only files uploaded by this store.');
    expect(refusal.getAttribute('role')).toBe('alert');
  });

  it('shows a shipped order’s requirements without letting them change', async () => {
    serveRequirements(
      aRequirements({
        purchaseOrderNumber: 'PO-778812',
        canChange: false,
        updatedAt: '2026-11-20T10:00:00.000Z',
      }),
    );
    render(<WholesaleRequirementsSection orderId="ord_1" isWholesale />);
    const po = await screen.findByLabelText('PO number');
    expect((po as HTMLInputElement).value).toBe('PO-778812');
    expect(po.closest('fieldset')?.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save requirements' })).toBeNull();
    expect(screen.getByText(/This order has shipped or was canceled/)).toBeTruthy();
  });

  it('shows only the packing slip for a retail order, and opens its PDF', async () => {
    server.use(
      http.get(`${TEST_ORIGIN}/api/web/orders/ord_1/packing-slip.pdf`, () =>
        HttpResponse.arrayBuffer(new TextEncoder().encode('%PDF-1.7').buffer, {
          headers: { 'content-type': 'application/pdf' },
        }),
      ),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:packing-slip');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { user } = render(<WholesaleRequirementsSection orderId="ord_1" isWholesale={false} />);
    const section = screen.getByRole('region', { name: 'Packing slip' });
    expect(within(section).queryByRole('form')).toBeNull();
    expect(within(section).queryByLabelText('PO number')).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Packing slip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Packing slip' });
    const frame = await within(dialog).findByTitle('Packing slip PDF');
    expect(frame.getAttribute('src')).toBe('blob:packing-slip');
    expect(requestsTo('GET', REQUIREMENTS_PATH)).toHaveLength(0);
  });
});
