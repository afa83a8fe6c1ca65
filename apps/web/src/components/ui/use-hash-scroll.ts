import { useElementScrollRestoration, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';

/** The longest a section is held in view while the page above it loads. */
const HOLD_MS = 10_000;
/** The reader taking over: from then on the scroll is theirs. */
const READER_EVENTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Scrolls to the section the address's hash names (`/account-info#billing`) and holds it at the
 * top of the view while the sections above it load and grow, until the reader scrolls, clicks or
 * types (or `HOLD_MS` passed). The router scrolls to a hash only once, as the page first renders,
 * when those sections are still skeletons. A page the router restores (back, forward, reload) is
 * left where the reader was.
 */
export const useHashScroll = () => {
  const hash = useLocation({ select: (location) => location.hash });
  const restored = useElementScrollRestoration({ getElement: () => window });
  const isRestored = restored !== undefined;

  useEffect(() => {
    if (!hash || isRestored) return;
    const id = decodeURIComponent(hash);
    const startedAt = performance.now();
    // Where the section sat on the page and where the page was scrolled, after the last scroll.
    let held: { sectionTop: number; scrollY: number } | null = null;
    let frame = 0;

    const stop = () => {
      cancelAnimationFrame(frame);
      for (const type of READER_EVENTS) window.removeEventListener(type, stop, true);
    };
    const hold = () => {
      const section = document.getElementById(id);
      if (section) {
        const sectionTop = section.getBoundingClientRect().top + window.scrollY;
        if (held && Math.abs(sectionTop - held.sectionTop) < 1) {
          // The section stayed put but the page moved: the reader scrolled (a scrollbar drag
          // fires none of READER_EVENTS).
          if (Math.abs(window.scrollY - held.scrollY) >= 1) {
            stop();
            return;
          }
        } else {
          section.scrollIntoView({ block: 'start' });
          held = {
            sectionTop: section.getBoundingClientRect().top + window.scrollY,
            scrollY: window.scrollY,
          };
        }
      }
      if (performance.now() - startedAt < HOLD_MS) frame = requestAnimationFrame(hold);
      else stop();
    };

    for (const type of READER_EVENTS) {
      window.addEventListener(type, stop, { capture: true, passive: true });
    }
    frame = requestAnimationFrame(hold);
    return stop;
  }, [hash, isRestored]);
};
