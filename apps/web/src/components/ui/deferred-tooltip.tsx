import type { TooltipProps } from '@mantine/core';
import {
  cloneElement,
  type FocusEvent,
  lazy,
  type PointerEvent,
  type ReactElement,
  type Ref,
  Suspense,
  useEffect,
  useState,
} from 'react';

const Tooltip = lazy(() =>
  import('./tooltip-for-target').then((module) => ({ default: module.Tooltip })),
);

type TargetProps = {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  'aria-description'?: string;
};

type DeferredTooltipProps = Omit<
  TooltipProps,
  'children' | 'target' | 'opened' | 'defaultOpened'
> & {
  /**
   * The one element the tooltip describes (its own ref is kept); its
   * pointer, focus and blur handlers still run.
   */
  children: ReactElement<TargetProps>;
};

const HOVER_ONLY = { hover: true, focus: false, touch: false };
// The loaded Tooltip only shows what this component decides: its own listeners stay off.
const NO_EVENTS = { hover: false, focus: false, touch: false };

/** Like Mantine's focus trigger: focus from the keyboard opens the tooltip, a click's does not. */
const isFocusVisible = (element: HTMLElement) => {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
};

/**
 * Mantine's Tooltip without its cost on the first page (issue 10): its code (the Tooltip and
 * floating-ui, ~19 KB gzip) loads when the first deferred tooltip is hovered, focused or touched,
 * and each tooltip builds its Tooltip (a floating-ui instance and a portal, 100 of them on a page
 * of supplier cards) only when its own element is. The element renders once and is never
 * replaced (it keeps focus); the Tooltip attaches to it (`target`).
 *
 * Opens as Mantine's would, for the `events` given (hover only by default): hover after
 * `openDelay` ms (a touch is no hover), keyboard focus, a touch; closes when the pointer leaves
 * (after `closeDelay` ms), on blur (with `focus`), on Escape or a press elsewhere. A string
 * `label` is also the element's `aria-description`, so screen readers have it without a hover.
 */
export const DeferredTooltip = ({
  children,
  label,
  events = HOVER_ONLY,
  openDelay = 0,
  closeDelay = 0,
  ...tooltipProps
}: DeferredTooltipProps) => {
  // The element, known from the event that first asks for the tooltip: a callback ref setting a
  // state would render every card (and its tooltip's target) a second time on mount.
  const [targetNode, setTargetNode] = useState<HTMLElement | null>(null);
  const [isBuilt, setIsBuilt] = useState(false);
  const [isOpened, setIsOpened] = useState(false);
  // An open or close waiting for its delay; a newer request replaces it (and its timer).
  const [pending, setPending] = useState<{ opened: boolean; delay: number } | null>(null);
  const childProps = children.props;

  const openOrCloseAfter = (opened: boolean, delay: number, element?: HTMLElement) => {
    // Built when first asked for, so its code loads during the open delay.
    if (opened) {
      setIsBuilt(true);
      if (element) setTargetNode(element);
    }
    setPending(delay > 0 ? { opened, delay } : null);
    if (delay <= 0) setIsOpened(opened);
  };
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      setIsOpened(pending.opened);
      setPending(null);
    }, pending.delay);
    return () => clearTimeout(timer);
  }, [pending]);

  useEffect(() => {
    if (!isOpened) return;
    const close = () => {
      setPending(null);
      setIsOpened(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!(event.target instanceof Node && targetNode?.contains(event.target))) close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isOpened, targetNode]);

  const target = cloneElement(children, {
    'aria-description': typeof label === 'string' ? label : childProps['aria-description'],
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      childProps.onPointerEnter?.(event);
      if (event.pointerType !== 'touch' && events.hover)
        openOrCloseAfter(true, openDelay, event.currentTarget);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      childProps.onPointerLeave?.(event);
      // A finger lifting leaves the element too; a touch-opened tooltip stays until Escape or
      // a press elsewhere.
      if (event.pointerType !== 'touch') openOrCloseAfter(false, closeDelay);
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      childProps.onPointerDown?.(event);
      if (event.pointerType === 'touch' && events.touch) {
        openOrCloseAfter(true, 0, event.currentTarget);
      }
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      childProps.onFocus?.(event);
      if (events.focus && isFocusVisible(event.currentTarget)) {
        openOrCloseAfter(true, 0, event.currentTarget);
      }
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      childProps.onBlur?.(event);
      if (events.focus) openOrCloseAfter(false, 0);
    },
  });

  return (
    <>
      {target}
      {isBuilt && targetNode ? (
        <Suspense fallback={null}>
          <Tooltip
            {...tooltipProps}
            label={label}
            target={targetNode}
            events={NO_EVENTS}
            opened={isOpened}
          />
        </Suspense>
      ) : null}
    </>
  );
};
