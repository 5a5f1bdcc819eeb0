// Synchronised scrolling of the original (left) and the translation (right): by paragraph anchors
// when both sides have the same number of paragraphs (paragraph i of one side lines up with
// paragraph i of the other, interpolated inside the paragraph), by proportion otherwise.
import { useCallback, useEffect, useRef, useState } from 'react';

/** One side's scroll position and the offsets of its paragraphs inside the scrolled content. */
export interface ScrollMetrics {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
  /** Top offsets of the paragraphs (ascending, relative to the top of the scrolled content). */
  anchors: readonly number[];
}

const maxScroll = (m: ScrollMetrics) => Math.max(0, m.scrollHeight - m.clientHeight);
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Whether two sides can be aligned paragraph by paragraph. */
export const anchorsAlign = (a: readonly number[], b: readonly number[]): boolean => a.length >= 2 && a.length === b.length;

/** The scrollTop of `target` that matches `source`'s position. */
export function syncScrollTop(source: ScrollMetrics, target: ScrollMetrics): number {
  const targetMax = maxScroll(target);
  if (targetMax === 0) return 0;
  const sourceMax = maxScroll(source);
  if (sourceMax === 0 || source.scrollTop <= 0) return 0;
  if (source.scrollTop >= sourceMax - 1) return targetMax;
  if (!anchorsAlign(source.anchors, target.anchors)) return Math.round((source.scrollTop / sourceMax) * targetMax);

  const s = source.anchors;
  const t = target.anchors;
  const y = source.scrollTop;
  // segment [start, end) of the source holding y, and the same segment on the target
  let i = -1;
  while (i + 1 < s.length && s[i + 1] <= y) i += 1;
  const sStart = i < 0 ? 0 : s[i];
  const sEnd = i + 1 < s.length ? s[i + 1] : source.scrollHeight;
  const tStart = i < 0 ? 0 : t[i];
  const tEnd = i + 1 < t.length ? t[i + 1] : target.scrollHeight;
  const fraction = sEnd > sStart ? (y - sStart) / (sEnd - sStart) : 0;
  return Math.round(clamp(tStart + fraction * (tEnd - tStart), 0, targetMax));
}

/** Elements whose paragraphs are aligned: the texts marked `data-sync-root`. */
const ROOTS = '[data-sync-root]';
const BLOCKS = 'p, h1, h2, h3, h4, h5, h6, li, pre, blockquote, tr';

/** Paragraph offsets of a scroll container (outermost blocks only: a <p> inside an <li> is not a second anchor). */
export function measureAnchors(container: HTMLElement): number[] {
  const base = container.getBoundingClientRect().top - container.scrollTop;
  const out: number[] = [];
  container.querySelectorAll<HTMLElement>(ROOTS).forEach((root) => {
    root.querySelectorAll<HTMLElement>(BLOCKS).forEach((el) => {
      const outer = el.parentElement?.closest(BLOCKS);
      if (outer && root.contains(outer)) return;
      out.push(el.getBoundingClientRect().top - base);
    });
  });
  return out;
}

const metrics = (el: HTMLElement): ScrollMetrics => ({
  scrollTop: el.scrollTop,
  clientHeight: el.clientHeight,
  scrollHeight: el.scrollHeight,
  anchors: measureAnchors(el),
});

/**
 * Two callback refs for the scroll containers; while `enabled`, scrolling one scrolls the other.
 * The scroll event a programmatic move causes on the other side is recognised and not echoed back.
 */
export function useSyncScroll(enabled = true) {
  const [left, setLeft] = useState<HTMLElement | null>(null);
  const [right, setRight] = useState<HTMLElement | null>(null);
  const expected = useRef(new WeakMap<HTMLElement, number>());

  useEffect(() => {
    if (!enabled || !left || !right) return;
    const follow = (source: HTMLElement, target: HTMLElement) => () => {
      const echo = expected.current.get(source);
      if (echo !== undefined) {
        expected.current.delete(source);
        if (Math.abs(source.scrollTop - echo) <= 1) return;
      }
      const top = syncScrollTop(metrics(source), metrics(target));
      if (Math.abs(target.scrollTop - top) <= 1) return;
      expected.current.set(target, top);
      target.scrollTop = top;
    };
    const onLeft = follow(left, right);
    const onRight = follow(right, left);
    left.addEventListener('scroll', onLeft, { passive: true });
    right.addEventListener('scroll', onRight, { passive: true });
    return () => {
      left.removeEventListener('scroll', onLeft);
      right.removeEventListener('scroll', onRight);
    };
  }, [enabled, left, right]);

  const leftRef = useCallback((el: HTMLElement | null) => setLeft(el), []);
  const rightRef = useCallback((el: HTMLElement | null) => setRight(el), []);
  return { leftRef, rightRef };
}
