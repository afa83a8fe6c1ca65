import type { TooltipProps } from '@mantine/core';
import {
  cloneElement,
  lazy,
  type PointerEvent,
  type ReactElement,
  type Ref,
  Suspense,
  useState,
  useSyncExternalStore,
} from 'react';

const Tooltip = lazy(() =>
  import('./tooltip-for-target').then((module) => ({ default: module.Tooltip })),
);

type TargetProps = {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  'aria-description'?: string;
};

type DeferredTooltipProps = Omit<
  TooltipProps,
  'children' | 'target' | 'events' | 'opened' | 'defaultOpened'
> & {
  /** The element the tooltip describes; it must take a ref (its own ref is replaced). */
  children: ReactElement<TargetProps>;
};

// Once one deferred tooltip is hovered, every one on the page mounts its (then loaded) Tooltip.
let isTooltipNeeded = false;
const listeners = new Set<() => void>();

const requestTooltip = () => {
  if (isTooltipNeeded) return;
  isTooltipNeeded = true;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * A hover tooltip whose code (Mantine Tooltip and floating-ui, ~19 KB gzip) loads on the first
 * hover of any deferred tooltip's element instead of with the first page (issue 10). The element
 * renders once and is never replaced; the tooltip attaches to it (`target`) and opens at once
 * when the pointer is still there. A string label is also the element's accessible description,
 * so screen-reader and keyboard users get it without hovering.
 */
export const DeferredTooltip = ({ children, label, ...tooltipProps }: DeferredTooltipProps) => {
  const isNeeded = useSyncExternalStore(subscribe, () => isTooltipNeeded);
  const [targetNode, setTargetNode] = useState<HTMLElement | null>(null);
  const [isHovered, setIsHovered] = useState(false);
  const childProps = children.props;

  const target = cloneElement(children, {
    ref: setTargetNode,
    'aria-description': typeof label === 'string' ? label : undefined,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      childProps.onPointerEnter?.(event);
      // Like Mantine's hover tooltip, touch does not open it.
      if (event.pointerType === 'touch') return;
      setIsHovered(true);
      requestTooltip();
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      childProps.onPointerLeave?.(event);
      setIsHovered(false);
    },
  });

  return (
    <>
      {target}
      {isNeeded && targetNode ? (
        <Suspense fallback={null}>
          {/* `defaultOpened` counts once, when the loaded Tooltip mounts under the pointer. */}
          <Tooltip {...tooltipProps} label={label} target={targetNode} defaultOpened={isHovered} />
        </Suspense>
      ) : null}
    </>
  );
};
