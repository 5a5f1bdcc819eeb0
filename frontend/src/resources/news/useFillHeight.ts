import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Height that makes the element reach the bottom of the window (spec §9: the table height is the
 * window height minus a fixed offset; the offset here is wherever the element starts), at least `min`.
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>, { bottom = 12, min = 420 }: { bottom?: number; min?: number } = {}): number {
  const [height, setHeight] = useState(min);
  useLayoutEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      const next = Math.max(min, Math.floor(window.innerHeight - top - bottom));
      setHeight((prev) => (prev === next ? prev : next));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref, bottom, min]);
  return height;
}
