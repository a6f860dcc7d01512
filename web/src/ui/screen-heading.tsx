import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** The location of the first screen drawn: the page the browser loaded. */
let firstLocationKey: string | undefined;
/** Whether the app has moved to another screen since. */
let hasMoved = false;

/**
 * A screen's heading, its h1. When the app moves to a screen (a link, a tile, Back, logging in
 * or out), focus goes to it, so a screen reader announces the new screen and the next Tab
 * starts from its top instead of from wherever the last screen left focus. On the page the
 * browser loaded, focus is left where the browser's own start put it.
 *
 * Focus follows the screen being drawn, not every change of address: a tab that changes only
 * the query string (the same screen) keeps focus where it is.
 */
export function ScreenHeading({
  className,
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  const [arrivedAt] = useState(key);
  useEffect(() => {
    firstLocationKey ??= arrivedAt;
    if (arrivedAt !== firstLocationKey) hasMoved = true;
    if (hasMoved) ref.current?.focus();
  }, [arrivedAt]);
  return (
    // Focusable from code only (the move to the screen), not in the Tab order.
    <h1 ref={ref} className={className} tabIndex={-1}>
      {children}
    </h1>
  );
}
