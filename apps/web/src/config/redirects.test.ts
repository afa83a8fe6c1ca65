import { describe, expect, it } from 'vitest';
import { resolveRedirect } from './redirects';

describe('resolveRedirect', () => {
  it.each([
    ['/workboard', '/inbox/messages'],
    ['/supplier-chat', '/inbox/messages'],
    ['/setup-business', '/fulfillment-services'],
    ['/browse-under-500', '/home'],
    ['/store-profile', '/manage-shop'],
    ['/billing-and-reporting', '/account-info#billing'],
    ['/audience-capture', '/email-capture'],
    ['/shopify-bind', '/app-bind'],
    ['/invite-bind', '/app-bind'],
    ['/appsumo-bind', '/app-bind?appName=appsumo'],
    ['/partners-top-nav', '/partners'],
    ['/sourcing/product-design', '/shopify-design'],
  ])('sends %s to %s', (from, to) => {
    expect(resolveRedirect(from)).toBe(to);
  });

  it.each(['shopify', 'pietra-shop', 'instagram', 'wholesale', 'verishop', 'google-shopping'])(
    'moves /fulfillment-services/%s under /ecommerce-services with the same suffix',
    (suffix) => {
      expect(resolveRedirect(`/fulfillment-services/${suffix}`)).toBe(
        `/ecommerce-services/${suffix}`,
      );
    },
  );

  it.each([
    'subscription-cycle-change',
    'subscription-downgrade',
    'subscription-updated',
    'quiz',
    'blueprint',
  ])('moves /home/%s under /homebase with the same suffix', (suffix) => {
    expect(resolveRedirect(`/home/${suffix}`)).toBe(`/homebase/${suffix}`);
  });

  it('keeps the rest of a suffix path and its query', () => {
    expect(resolveRedirect('/fulfillment-services/shopify/settings', '?step=2')).toBe(
      '/ecommerce-services/shopify/settings?step=2',
    );
    expect(resolveRedirect('/home/quiz', 'seenQuiz=true')).toBe('/homebase/quiz?seenQuiz=true');
  });

  it('carries the query over on fixed redirects', () => {
    expect(resolveRedirect('/workboard', '?id=42')).toBe('/inbox/messages?id=42');
    expect(resolveRedirect('/invite-bind', '?code=abc&email=a%40b.co')).toBe(
      '/app-bind?code=abc&email=a%40b.co',
    );
  });

  it('puts the query before the section a redirect lands on', () => {
    expect(resolveRedirect('/billing-and-reporting', '?from=email')).toBe(
      '/account-info?from=email#billing',
    );
  });

  it('tags the AppSumo bind with its app name and keeps the code', () => {
    expect(resolveRedirect('/appsumo-bind', '?code=XYZ')).toBe(
      '/app-bind?code=XYZ&appName=appsumo',
    );
  });

  it('drops the query of /partners-top-nav', () => {
    expect(resolveRedirect('/partners-top-nav', '?ref=top&utm=x')).toBe('/partners');
  });

  it('ignores a trailing slash', () => {
    expect(resolveRedirect('/workboard/')).toBe('/inbox/messages');
  });

  it.each([
    '/home',
    '/homebase',
    '/fulfillment-services',
    '/fulfillment-services/book-freight-shipment',
    '/fulfillment-services/connect-shopify',
    '/home/unknown',
    '/homebase/quiz',
    '/ecommerce-services/shopify',
    '/workboard-old',
  ])('leaves %s alone', (path) => {
    expect(resolveRedirect(path)).toBeNull();
  });
});
