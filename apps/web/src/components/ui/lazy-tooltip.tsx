import { Tooltip, type TooltipProps } from '@mantine/core';
import {
  cloneElement,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type Ref,
  type TouchEvent,
  useEffect,
  useLayoutEffect,
  useState,
} from 'react';

type TargetProps = {
  ref?: Ref<HTMLElement>;
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onTouchStart?: (event: TouchEvent<HTMLElement>) => void;
};

type LazyTooltipProps = Omit<TooltipProps, 'children' | 'opened' | 'defaultOpened' | 'target'> & {
  /** One element that takes a ref and the handlers above (a Mantine button or badge). */
  children: ReactElement<TargetProps>;
};

type Trigger = 'hover' | 'focus' | 'touch';

const HOVER_ONLY = { hover: true, focus: false, touch: false };

/**
 * Mantine's Tooltip, built only when its target is first hovered (or focused or touched, as
 * `events` allows), then open at once; until then the target renders alone. A closed Tooltip
 * still costs a floating-ui instance, a portal and a transition, and a page of 50 supplier
 * cards had 100 of them (issue 10). The first hover waits `openDelay` as Tooltip would. The
 * target is built again under the tooltip, so a target armed by focus is focused again.
 */
export const LazyTooltip = ({ children, events = HOVER_ONLY, ...props }: LazyTooltipProps) => {
  const [armedBy, setArmedBy] = useState<Trigger | null>(null);
  const [isHoverPending, setIsHoverPending] = useState(false);
  // The target under the tooltip, by callback ref; the first target has none, as a state set
  // by each of a page's targets on mount would build them all twice.
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const openDelay = props.openDelay ?? 0;

  useEffect(() => {
    if (!isHoverPending) return;
    const timer = setTimeout(() => setArmedBy('hover'), openDelay);
    return () => clearTimeout(timer);
  }, [isHoverPending, openDelay]);
  useLayoutEffect(() => {
    if (armedBy === 'focus' && target?.isConnected && document.activeElement !== target) {
      target.focus();
    }
  }, [armedBy, target]);

  if (armedBy) {
    return (
      <Tooltip {...props} events={events} defaultOpened>
        {cloneElement(children, { ref: setTarget })}
      </Tooltip>
    );
  }
  const { onMouseEnter, onMouseLeave, onFocus, onTouchStart } = children.props;
  return cloneElement(children, {
    onMouseEnter: (event) => {
      onMouseEnter?.(event);
      if (events.hover) setIsHoverPending(true);
    },
    onMouseLeave: (event) => {
      onMouseLeave?.(event);
      setIsHoverPending(false);
    },
    onFocus: (event) => {
      onFocus?.(event);
      if (events.focus) setArmedBy('focus');
    },
    onTouchStart: (event) => {
      onTouchStart?.(event);
      if (events.touch) setArmedBy('touch');
    },
  });
};
