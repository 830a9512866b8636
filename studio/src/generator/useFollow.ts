// Keep the newest streamed text in view (the preview box on wide screens, the page on phones: the end
// marker is scrolled into view in every scrolling ancestor) unless the reader has scrolled away; then
// `isFollowing` is false (the page offers "Jump to latest") until they jump or scroll back to the end.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** How far (px) the end may sit outside the visible area and still count as "at the end". */
const SLACK = 48;
/** A scroll this soon after a wheel, touch or key is the reader's own. */
const INTENT_MS = 1200;
const KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

/** Whether `end` is inside the visible part of `box` and of the window. */
export function isInView(end: Element, box: Element | null): boolean {
  const r = end.getBoundingClientRect();
  const b = box?.getBoundingClientRect();
  const top = Math.max(b ? b.top : 0, 0);
  const bottom = Math.min(b ? b.bottom : window.innerHeight, window.innerHeight);
  return r.top <= bottom + SLACK && r.bottom >= top - SLACK;
}

export function useFollow(input: {
  isActive: boolean;
  box: RefObject<HTMLElement | null>;
  end: RefObject<HTMLElement | null>;
  content: unknown;
}) {
  const { isActive, box, end, content } = input;
  const [isFollowing, setIsFollowing] = useState(true);
  const followingRef = useRef(true);
  const intentAt = useRef(0);
  const set = useCallback((value: boolean) => {
    followingRef.current = value;
    setIsFollowing(value);
  }, []);
  const toEnd = useCallback(() => {
    end.current?.scrollIntoView?.({ block: 'end', inline: 'nearest', behavior: 'instant' as ScrollBehavior });
  }, [end]);

  // A new stream starts followed.
  useEffect(() => {
    if (isActive) set(true);
  }, [isActive, set]);

  // After every change of the text, the end comes into view again while followed.
  useLayoutEffect(() => {
    if (isActive && followingRef.current) toEnd();
  }, [isActive, content, toEnd]);

  useEffect(() => {
    if (!isActive) return;
    const mark = () => {
      intentAt.current = Date.now();
    };
    const onKey = (e: KeyboardEvent) => {
      if (KEYS.has(e.key)) mark();
    };
    const onScroll = () => {
      if (Date.now() - intentAt.current > INTENT_MS || !end.current) return;
      const isAtEnd = isInView(end.current, box.current);
      if (isAtEnd !== followingRef.current) set(isAtEnd);
    };
    const node = box.current;
    window.addEventListener('wheel', mark, { passive: true });
    window.addEventListener('touchmove', mark, { passive: true });
    window.addEventListener('keydown', onKey);
    node?.addEventListener('pointerdown', mark);
    // Capture: scrolls of the preview box do not bubble to the window.
    window.addEventListener('scroll', onScroll, { passive: true, capture: true });
    return () => {
      window.removeEventListener('wheel', mark);
      window.removeEventListener('touchmove', mark);
      window.removeEventListener('keydown', onKey);
      node?.removeEventListener('pointerdown', mark);
      window.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [isActive, box, end, set]);

  /** Back to the newest text, followed again. */
  const jump = useCallback(() => {
    set(true);
    toEnd();
  }, [set, toEnd]);
  /** The reader went elsewhere on purpose (the chapter navigator). */
  const pause = useCallback(() => set(false), [set]);
  return { isFollowing, jump, pause };
}
