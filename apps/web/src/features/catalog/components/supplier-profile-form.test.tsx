// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type SupplierProfile,
  updateOwnSupplierProfile,
} from '@atelier/contract/catalog/supplier-profile';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import type * as SupplierProfileQueries from '../api/supplier-profile-queries';
import { SupplierProfileForm } from './supplier-profile-form';

const uploadProfileImage = vi.hoisted(() => vi.fn());
vi.mock('../api/supplier-profile-queries', async (importOriginal) => ({
  ...(await importOriginal<typeof SupplierProfileQueries>()),
  uploadProfileImage,
}));

const { requestsTo } = startMockServer();

const aProfile = (overrides: Partial<SupplierProfile> = {}): SupplierProfile => ({
  companyId: 'cmp_1',
  name: 'Lakeside Knitwear',
  description: 'Knitwear in small runs for independent brands.',
  capabilities: ['Knitting'],
  certifications: [],
  samplePrice: { amount: 2500, currencyCode: 'USD' },
  moq: 100,
  productionTimeDays: 30,
  orderVolume: 500,
  logo: null,
  cover: null,
  photos: [],
  fieldSources: { description: 'demo', moq: 'demo', samplePrice: 'demo' },
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  uploadProfileImage.mockReset();
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
});

const moqInput = () => screen.getByRole('textbox', { name: /MOQ/ });

describe('SupplierProfileForm', () => {
  it('shows empty states and marks demo values', () => {
    render(<SupplierProfileForm profile={aProfile()} />);
    expect(screen.getByText('No logo yet: stores see your initials.')).toBeTruthy();
    expect(screen.getByText(/No factory photos yet/)).toBeTruthy();
    const moqLabel = screen.getByText('MOQ', { selector: 'label *' }).closest('label')!;
    expect(within(moqLabel).getByText('Demo data')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save profile' }).disabled).toBe(
      true,
    );
  });

  it('sends only the changed fields, confirms the save and drops their demo markers', async () => {
    server.use(
      handle(updateOwnSupplierProfile, ({ body }) =>
        aProfile({
          moq: body.moq ?? 100,
          description: body.description ?? '',
          fieldSources: { description: 'supplier', moq: 'supplier', samplePrice: 'demo' },
        }),
      ),
    );
    const { user } = render(<SupplierProfileForm profile={aProfile()} />);
    await user.clear(moqInput());
    await user.type(moqInput(), '250');
    const description = screen.getByRole('textbox', { name: /Description/ });
    await user.clear(description);
    await user.paste('Fleece and jersey knits from 250 pieces, dyed in house.');
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(
      await screen.findByText('Your profile is saved. Stores see these values now.'),
    ).toBeTruthy();
    const moqLabel = screen.getByText('MOQ', { selector: 'label *' }).closest('label')!;
    expect(within(moqLabel).queryByText('Demo data')).toBeNull();
    const [request] = requestsTo('PATCH', updateOwnSupplierProfile.path);
    expect(request?.body).toEqual({
      description: 'Fleece and jersey knits from 250 pieces, dyed in house.',
      moq: 250,
    });
  });

  it('keeps bad values on the page with the reason, sending nothing', async () => {
    const { user } = render(<SupplierProfileForm profile={aProfile()} />);
    const description = screen.getByRole('textbox', { name: /Description/ });
    await user.clear(description);
    await user.type(description, 'Too short');
    await user.clear(moqInput());
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Describe the company in at least 20 characters.')).toBeTruthy();
    expect(screen.getByText('Enter a number of units.')).toBeTruthy();
    expect(requestsTo('PATCH', updateOwnSupplierProfile.path)).toHaveLength(0);
  });

  it('shows the server’s field errors and a failure message', async () => {
    server.use(
      handle(updateOwnSupplierProfile, () =>
        errorResponse(400, {
          code: 'bad_request',
          message: 'A profile image is not one of your uploaded images.',
          reason: 'profile_image_invalid',
          details: [{ field: 'body.orderVolume', message: 'At most 10,000,000 units.' }],
        }),
      ),
    );
    const { user } = render(<SupplierProfileForm profile={aProfile()} />);
    const volume = screen.getByRole('textbox', { name: /Order volume/ });
    await user.clear(volume);
    await user.type(volume, '900');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('At most 10,000,000 units.')).toBeTruthy();
    expect(screen.queryByText(/Your profile is saved/)).toBeNull();
  });

  it('uploads a logo with a preview, removes a photo and saves the image ids', async () => {
    uploadProfileImage.mockResolvedValue({
      id: 'fil_logo1',
      name: 'logo.png',
      extension: 'png',
      contentType: 'image/png',
      sizeBytes: 10,
      url: '/api/files/fil_logo1/logo.png',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    server.use(handle(updateOwnSupplierProfile, () => aProfile()));
    const photo = {
      fileId: 'fil_photo1',
      url: '/api/app/catalog-companies/cmp_1/images/fil_photo1',
    };
    const { user } = render(<SupplierProfileForm profile={aProfile({ photos: [photo] })} />);
    expect(screen.getByRole('img', { name: 'Factory photo 1' }).getAttribute('src')).toBe(
      photo.url,
    );

    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] },
    });
    const preview = await screen.findByRole('img', { name: 'Logo preview' });
    expect(preview.getAttribute('src')).toBe('blob:preview');
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.getByText(/No factory photos yet/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(requestsTo('PATCH', updateOwnSupplierProfile.path)).toHaveLength(1));
    expect(requestsTo('PATCH', updateOwnSupplierProfile.path)[0]?.body).toEqual({
      logoFileId: 'fil_logo1',
      photoFileIds: [],
    });
  });

  it('shows why an upload was refused', async () => {
    const { ApiError } = await import('@/lib/api-error');
    uploadProfileImage.mockRejectedValue(
      new ApiError({
        status: 400,
        code: 'bad_request',
        reason: 'file_type_mismatch',
        message: 'The content of this file is not a valid .png file.',
      }),
    );
    render(<SupplierProfileForm profile={aProfile()} />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'logo.png', { type: 'image/png' })] },
    });
    expect(
      await screen.findByText('The content of this file is not a valid .png file.'),
    ).toBeTruthy();
  });
});
