import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * The rendered width of an element in CSS pixels, kept current as it resizes (`fallback` until it is measured, and
 * where ResizeObserver is missing). Charts draw at this width, so their text keeps its size on a phone and a desktop.
 */
export function useElementWidth<T extends Element>(fallback: number, minimum = 240): [RefObject<T | null>, number] {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => {
      const measured = Math.round(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(Math.max(minimum, measured));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [minimum]);
  return [ref, width];
}
