import { Tooltip, type TooltipProps } from '@mantine/core';
import { cloneElement, type PointerEvent, type ReactElement, useState } from 'react';

type Hoverable = ReactElement<{ onPointerEnter?: (event: PointerEvent) => void }>;

/**
 * A tooltip of a row or a card (a tag, a warning mark), put in place on the first hover. Each Mantine tooltip mounts a
 * positioning engine whose first measurement re-renders the page at once: a list of twenty rows with three tags each
 * did it sixty times on arrival, the longest block of a phone's first visit. Until the pointer comes, only the
 * element itself is drawn; it then shows its tooltip as before. A screen reader meets what it met before: a Mantine
 * tooltip is in the page only while shown.
 */
export function HoverTooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: Hoverable }) {
  const [isArmed, setArmed] = useState(false);
  if (isArmed) {
    return (
      <Tooltip {...props} defaultOpened>
        {children}
      </Tooltip>
    );
  }
  return cloneElement(children, {
    onPointerEnter: (event: PointerEvent) => {
      children.props.onPointerEnter?.(event);
      setArmed(true);
    },
  });
}
