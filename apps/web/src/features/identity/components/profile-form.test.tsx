// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { uploadFile } from '@atelier/contract/files/file';
import { type StoreProfile, updateStoreProfile } from '@atelier/contract/identity/store';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer, TEST_ORIGIN } from '@/testing/server';
import { ProfileForm } from './profile-form';

const { requestsTo } = startMockServer();

const PROFILE: StoreProfile = {
  id: 'sto_1',
  email: 'maker@example.com',
  title: 'Maker Goods',
  user: { name: 'Maker', username: 'maker' },
  planType: 'TIER_1',
  createdAt: '2026-01-01T00:00:00.000Z',
  externalFields: [],
  avatarUrl: null,
  isPreviewAccount: false,
  accountType: 'CREATOR',
  usageStyle: 'WITH_AI_ASSISTANTS',
  blueprintSubscriptionId: null,
  blueprintSubscriptionStatus: null,
  blueprintSubscriptionPausedAt: null,
  blueprintSubscriptionResumesAt: null,
  blueprintSubscriptionBehavior: null,
  authCredential: { name: 'maker@example.com' },
  featureFlags: {
    analyticsAccess: true,
    fulfillmentMetrics: true,
    productDesign: true,
    emailCapture: true,
    fulfillment: true,
  },
};

const AVATAR_URL = '/api/files/fil_avatar1/logo.png';

const aPngFile = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });

const fileInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input.');
  return input;
};

describe('ProfileForm avatar', () => {
  it('has no avatar URL text box, only an image upload', () => {
    render(<ProfileForm profile={PROFILE} canEdit />);
    expect(screen.queryByLabelText(/Avatar URL/i)).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload image' })).toBeTruthy();
    expect(fileInput().accept).toBe('.png,.jpg,.jpeg,.gif,.webp');
  });

  it('uploads the image through the files endpoint and saves its address', async () => {
    server.use(
      handle(uploadFile, () => ({
        id: 'fil_avatar1',
        name: 'logo.png',
        extension: 'png',
        contentType: 'image/png',
        sizeBytes: 4,
        url: AVATAR_URL,
        createdAt: '2026-01-02T00:00:00.000Z',
      })),
      http.get(`${TEST_ORIGIN}${AVATAR_URL}`, () => HttpResponse.arrayBuffer(new ArrayBuffer(4))),
      handle(updateStoreProfile, ({ body }) => ({ ...PROFILE, ...body })),
    );
    const { user } = render(<ProfileForm profile={PROFILE} canEdit />);
    await user.upload(fileInput(), aPngFile());
    await screen.findByRole('button', { name: 'Replace image' });
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(requestsTo('PUT', updateStoreProfile.path)).toHaveLength(1));
    expect(requestsTo('PUT', updateStoreProfile.path)[0]?.body).toMatchObject({
      avatarUrl: AVATAR_URL,
    });
  });

  it("shows the server's refusal of the file under the avatar", async () => {
    server.use(
      handle(uploadFile, () =>
        errorResponse(400, {
          code: 'bad_request',
          reason: 'file_type_mismatch',
          message: 'The content of this file is not a valid .png file.',
        }),
      ),
    );
    const { user } = render(<ProfileForm profile={PROFILE} canEdit />);
    await user.upload(fileInput(), aPngFile());
    expect(
      await screen.findByText('The content of this file is not a valid .png file.'),
    ).toBeTruthy();
  });
});
