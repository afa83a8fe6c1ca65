// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAtRoute } from '@/testing/render';
import { useHashScroll } from './use-hash-scroll';

// happy-dom lays nothing out: the section's place on the page is what the test says it is.
let sectionTop = 0;
const scrollIntoView = vi.fn<(options?: boolean | ScrollIntoViewOptions) => void>();

beforeEach(() => {
  sectionTop = 900;
  scrollIntoView.mockClear();
  vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(scrollIntoView);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    return DOMRect.fromRect({ x: 0, y: this.id === 'billing' ? sectionTop : 0 });
  });
});

afterEach(() => vi.restoreAllMocks());

/** A page whose billing section shows once its data has "loaded" (the button). */
const Page = () => {
  useHashScroll();
  const [isLoaded, setIsLoaded] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsLoaded(true)}>
        Load
      </button>
      {isLoaded ? <section id="billing">Plan and billing</section> : null}
    </>
  );
};

const renderPage = (initialEntry: string) =>
  renderAtRoute({ path: '/account-info', initialEntry, component: Page });

/** The section loads (a click, as data arriving would), without counting as the reader's. */
const loadSection = () => act(() => screen.getByRole('button', { name: 'Load' }).click());

describe('useHashScroll', () => {
  it('scrolls to the section the hash names once it is on the page', async () => {
    renderPage('/account-info#billing');
    await screen.findByRole('button', { name: 'Load' });
    expect(scrollIntoView).not.toHaveBeenCalled();
    loadSection();
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start' }));
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('billing'));
  });

  it('scrolls again when the sections above it grow, until the reader takes over', async () => {
    renderPage('/account-info#billing');
    await screen.findByRole('button', { name: 'Load' });
    loadSection();
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledOnce());

    // A section above it loaded and pushed it down the page.
    sectionTop = 1400;
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledTimes(2));

    window.dispatchEvent(new Event('pointerdown'));
    sectionTop = 1800;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
  });

  it('does nothing without a hash', async () => {
    renderPage('/account-info');
    await screen.findByRole('button', { name: 'Load' });
    loadSection();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
