import { anchorsAlign, syncScrollTop, type ScrollMetrics } from './useSyncScroll';

const side = (over: Partial<ScrollMetrics>): ScrollMetrics => ({ scrollTop: 0, clientHeight: 100, scrollHeight: 1100, anchors: [], ...over });

describe('syncScrollTop', () => {
  it('aligns paragraph i with paragraph i, interpolating inside it', () => {
    // left paragraphs at 0, 200, 400, 600; right ones at 0, 100, 500, 700
    const left = side({ anchors: [0, 200, 400, 600] });
    const right = side({ anchors: [0, 100, 500, 700] });
    expect(syncScrollTop({ ...left, scrollTop: 200 }, right)).toBe(100);
    expect(syncScrollTop({ ...left, scrollTop: 300 }, right)).toBe(300); // half of paragraph 2 (100 → 500)
    expect(syncScrollTop({ ...left, scrollTop: 400 }, right)).toBe(500);
    // after the last anchor: interpolated up to the end of the content
    expect(syncScrollTop({ ...left, scrollTop: 850 }, right)).toBe(900);
  });

  it('maps the part above the first paragraph (the title) proportionally to the other side’s', () => {
    const left = side({ anchors: [100, 300, 500] });
    const right = side({ anchors: [40, 240, 440] });
    expect(syncScrollTop({ ...left, scrollTop: 50 }, right)).toBe(20);
  });

  it('falls back to the proportion when the paragraphs do not pair up', () => {
    const left = side({ scrollTop: 500, anchors: [0, 200, 400] });
    const right = side({ scrollHeight: 2100, anchors: [0, 300] });
    expect(anchorsAlign(left.anchors, right.anchors)).toBe(false);
    expect(syncScrollTop(left, right)).toBe(1000);
    expect(syncScrollTop(side({ scrollTop: 250 }), side({ scrollHeight: 600 }))).toBe(125);
  });

  it('keeps both ends together and handles sides that do not scroll', () => {
    const left = side({ anchors: [0, 200] });
    const right = side({ scrollHeight: 3000, anchors: [0, 900] });
    expect(syncScrollTop({ ...left, scrollTop: 0 }, right)).toBe(0);
    expect(syncScrollTop({ ...left, scrollTop: 1000 }, right)).toBe(2900);
    expect(syncScrollTop(left, side({ scrollHeight: 80 }))).toBe(0);
    expect(syncScrollTop(side({ scrollHeight: 90, scrollTop: 0 }), right)).toBe(0);
  });
});
