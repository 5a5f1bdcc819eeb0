import { documentTokens } from '../search/tokenizer';
import { DEMO_TOPICS, NOISE_CODE } from './demo-news.fixtures';
import { buildDemoNews } from './demo-news';

const NOW = new Date('2025-06-01T08:00:00.000Z');
const LEAF_CODES = [
  'A1001', 'A1002', 'A1003', 'A2001', 'A2002', 'A2003', 'A2004', 'A3001', 'A3002', 'A3003', 'A3004',
  'A4001', 'A4002', 'A4003', 'A6001', 'A6002', 'A5000',
];
const COUNTRIES = ['US', 'GB', 'JP', 'RU', 'DE', 'FR', 'KR', 'IN', 'AU', 'CA', 'EU', 'OTHER'];

describe('buildDemoNews', () => {
  const items = buildDemoNews(NOW);

  it('has at least 300 items', () => {
    expect(items.length).toBeGreaterThanOrEqual(300);
  });

  it('is deterministic for the same now', () => {
    expect(buildDemoNews(new Date(NOW))).toEqual(items);
  });

  it('covers every language and every leaf code, and only known codes', () => {
    expect(new Set(items.map((n) => n.language))).toEqual(new Set(['en', 'ru', 'ja', 'es', 'fr', 'de', 'ko']));
    const codes = new Set(items.flatMap((n) => n.classifyCodes));
    expect([...codes].sort()).toEqual([...LEAF_CODES].sort());
    expect(DEMO_TOPICS.map((t) => t.code).sort()).toEqual(LEAF_CODES.filter((c) => c !== NOISE_CODE).sort());
  });

  it('has unique urls and valid fields', () => {
    expect(new Set(items.map((n) => n.url)).size).toBe(items.length);
    for (const n of items) {
      expect(n.title.length).toBeGreaterThan(5);
      expect(n.content.length).toBeGreaterThan(10);
      expect(n.contentHtml.startsWith('<p>')).toBe(true);
      expect(n.contentHtml).not.toMatch(/\{\w+\}/);
      expect(n.title + n.content + (n.titleCn ?? '') + (n.contentCn ?? '')).not.toMatch(/\{\w+\}/);
      expect(n.url.startsWith(`${n.webUrl}/`)).toBe(true);
      expect(n.webUrl).toMatch(/^https:\/\/[a-z-]+\.example$/);
      expect(COUNTRIES).toContain(n.country);
      expect(n.keywords.length).toBeGreaterThanOrEqual(2);
      expect(n.keywords.length).toBeLessThanOrEqual(5);
      expect(n.count).toBeGreaterThanOrEqual(0);
      expect((n.titleCn === null) === (n.contentCn === null)).toBe(true);
    }
  });

  it('spreads publish times over the last 60 days', () => {
    const from = NOW.getTime() - 60 * 86_400_000;
    for (const n of items) {
      expect(n.publishTime.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(n.publishTime.getTime()).toBeGreaterThan(from);
    }
    const days = new Set(items.map((n) => n.publishTime.toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThan(30);
  });

  it('every item carries a Chinese machine translation (title and HTML body); about 5% noise and some files', () => {
    for (const n of items) {
      expect(n.titleCn).toMatch(/[\u4e00-\u9fff]/);
      expect(n.contentCn).toMatch(/^<p>[^<]*[\u4e00-\u9fff][^<]*<\/p>(<p>[^<]+<\/p>)*$/);
    }
    const noise = items.filter((n) => n.classifyCodes.includes(NOISE_CODE));
    expect(noise.length / items.length).toBeGreaterThan(0.03);
    expect(noise.length / items.length).toBeLessThan(0.08);
    for (const n of noise) expect(n.classifyCodes).toEqual([NOISE_CODE]);
    expect(items.filter((n) => n.files && n.files.length > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('has skewed read counts', () => {
    const counts = items.map((n) => n.count).sort((a, b) => a - b);
    const median = counts[Math.floor(counts.length / 2)];
    expect(counts[counts.length - 1]).toBeGreaterThan(median * 10);
  });

  it('makes common search words frequent', () => {
    const hits = (token: string) =>
      items.filter((n) => {
        const d = documentTokens(n);
        return d.a.includes(token) || d.d.includes(token);
      }).length;
    expect(hits('能源')).toBeGreaterThan(50);
    expect(hits('美国')).toBeGreaterThan(50);
    expect(hits('energy')).toBeGreaterThan(20);
    expect(hits('states')).toBeGreaterThan(20);
  });
});
