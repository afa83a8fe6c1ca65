import { describe, expect, it } from 'vitest';
import { findPartnerReturnPath, getPartnerLandingPath } from './partner-return-path';

describe('findPartnerReturnPath', () => {
  it.each([
    '/partner',
    '/partner/inbox',
    '/partner/inbox/',
    '/partner/inbox/conv_1',
    '/partner/inbox/conv_1?q=samples#last',
  ])('keeps the workspace page %s', (value) => {
    expect(findPartnerReturnPath(value)).toBe(value);
  });

  it.each([
    undefined,
    '',
    '//evil.example/partner/inbox',
    'https://evil.example/partner/inbox',
    '/\\evil.example',
    'partner/inbox',
    '/inbox/messages',
    '/homebase',
    '/partners',
    '/partner-inbox',
    '/partner/login',
    '/partner/login/?redirect=%2Fpartner%2Finbox',
    '/partner/accept-invite?token=abc',
  ])('refuses %s', (value) => {
    expect(findPartnerReturnPath(value)).toBeUndefined();
  });
});

describe('getPartnerLandingPath', () => {
  it('returns to the page the supplier came from', () => {
    expect(getPartnerLandingPath('/partner/inbox/conv_1')).toBe('/partner/inbox/conv_1');
  });

  it('opens the inbox without a usable return path', () => {
    expect(getPartnerLandingPath(undefined)).toBe('/partner/inbox');
    expect(getPartnerLandingPath('/homebase')).toBe('/partner/inbox');
    expect(getPartnerLandingPath('//evil.example')).toBe('/partner/inbox');
  });
});
