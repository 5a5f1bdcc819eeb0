/**
 * Story-cluster quality on the labelled set (docs/collect-design.md §4.4): the production settings
 * (minhash.ts ROWS, story-cluster.ts DEFAULT_CLUSTER_THRESHOLD / DEFAULT_CLUSTER_WINDOW_HOURS,
 * shingles.ts defaults) cluster each half of backend/test/fixtures/clusters/stories.jsonl; pairwise
 * precision/recall are computed against the hand labels. The dev half chose the settings; the test
 * half is the reported one. `npm run`-free table: node bench/collect/cluster-eval.mjs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clusterItems, evaluate, evaluateHalf, halfOf, parseJsonl, type EvalResult } from './cluster-eval';

const items = parseJsonl(readFileSync(join(__dirname, '../../../test/fixtures/clusters/stories.jsonl'), 'utf8'));
const results: Partial<Record<'dev' | 'test', EvalResult>> = {};
const half = (h: 'dev' | 'test') => (results[h] ??= evaluateHalf(items, h));

describe('story clusters on the labelled fixture set (§4.4)', () => {
  it('the fixture set has the mix §4.4 asks for', () => {
    const stories = new Map<string, typeof items>();
    for (const it of items) stories.set(it.story, [...(stories.get(it.story) ?? []), it]);
    const multi = [...stories.values()].filter((s) => s.length >= 2);
    const mixed = multi.filter((s) => s.some((i) => i.lang.startsWith('zh')) && s.some((i) => !i.lang.startsWith('zh') && i.titleCn && i.contentCn));
    const tagged = (tag: string) => [...stories.values()].filter((s) => s[0].tags?.includes(tag)).length;
    expect(items.length).toBeGreaterThanOrEqual(200);
    expect(multi.length).toBeGreaterThanOrEqual(45);
    expect(multi.every((s) => s.length <= 6)).toBe(true);
    expect(mixed.length).toBeGreaterThanOrEqual(15);
    expect(tagged('singleton')).toBeGreaterThanOrEqual(50);
    expect(tagged('hard-negative')).toBeGreaterThanOrEqual(30);
    expect(tagged('follow-up')).toBeGreaterThanOrEqual(5);
    for (const it of items) {
      expect(it.content.length).toBeGreaterThanOrEqual(80);
      expect(it.content.length).toBeLessThanOrEqual(400);
      expect(Number.isNaN(Date.parse(it.publishTime))).toBe(false);
    }
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    expect(items.filter((i) => halfOf(i.story) === 'dev').length).toBeGreaterThan(80);
    expect(items.filter((i) => halfOf(i.story) === 'test').length).toBeGreaterThan(80);
  });

  it('pairwise metrics count pairs as defined (a toy case)', () => {
    const toy = ['a', 'a', 'a', 'b'].map((story, i) => ({ id: `x${i}`, story, source: 's', lang: 'en', title: '', content: '', publishTime: '2026-11-01T00:00:00Z' }));
    // predicted: {x0, x1}, {x2, x3} → tp 1 (x0x1), fp 1 (x2x3), fn 2 (x0x2, x1x2)
    const r = evaluate(toy, new Map([['x0', 'p'], ['x1', 'p'], ['x2', 'q'], ['x3', 'q']]));
    expect(r.precision).toBeCloseTo(0.5);
    expect(r.recall).toBeCloseTo(1 / 3);
    expect(clusterItems([]).size).toBe(0);
  });

  it('dev half (tuning): precision ≥ 0.95 and recall ≥ 0.85', () => {
    const r = half('dev');
    expect(r.precision).toBeGreaterThanOrEqual(0.95);
    expect(r.recall).toBeGreaterThanOrEqual(0.85);
  });

  it('test half (reported): precision ≥ 0.95', () => {
    expect(half('test').precision).toBeGreaterThanOrEqual(0.95);
  });

  // 71.7 % with 128 hashes / LSH 42 × 3; 86.8 % with 256 / 85 × 3 (§4.4, re-tuned on the dev half).
  it('test half (reported): recall ≥ 0.85', () => {
    expect(half('test').recall).toBeGreaterThanOrEqual(0.85);
  });
});
