import { extractKeywords, hanRatio, rakeKeywords } from './keywords.js';

describe('keywords (collect-design §3.6)', () => {
  it('uses jieba TF-IDF nouns for Chinese', () => {
    const kw = extractKeywords(
      '央行宣布下调存款准备金率',
      '中国人民银行宣布，决定下调金融机构存款准备金率0.25个百分点，释放长期资金约5000亿元。此次降准旨在保持流动性合理充裕，支持实体经济发展。央行表示，将继续实施稳健的货币政策。',
    );
    expect(kw).toHaveLength(5);
    expect(kw).toContain('中国人民银行');
    expect(kw.some((k) => k.includes('准备金'))).toBe(true);
    for (const k of kw) {
      expect(k).not.toMatch(/^(的|了|表示|宣布)$/);
      expect(k.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('uses RAKE phrases for other languages, title counted twice', () => {
    const kw = rakeKeywords(
      'Central bank cuts reserve requirement ratio',
      'The central bank said on Tuesday it would cut the reserve requirement ratio for banks. ' +
        'Analysts expect the reserve requirement ratio cut to release long-term liquidity. The move supports the real economy.',
    );
    expect(kw[0]).toBe('reserve requirement ratio');
    expect(kw.some((k) => k.startsWith('central bank'))).toBe(true);
    expect(kw.length).toBeLessThanOrEqual(5);
    for (const k of kw) {
      expect(k.split(' ').length).toBeLessThanOrEqual(3);
      expect(k).not.toMatch(/\b(the|it|for|to)\b/);
    }
    expect(extractKeywords('Central bank cuts reserve requirement ratio', 'The central bank cut rates.')[0]).toBe('central bank cuts');
  });

  it('measures the Han share', () => {
    expect(hanRatio('中文abc')).toBeCloseTo(0.4);
    expect(hanRatio('123')).toBe(0);
    // the same share as the Unicode property regexes, over mixed scripts
    for (const text of ['Économie 经济 発展 はい Россия 𠀀𠀁 ①②', '美国能源部发布新能源补贴政策 U.S. Energy', 'ひらがな카나漢字']) {
      const letters = text.match(/\p{L}/gu)?.length ?? 0;
      expect(hanRatio(text)).toBeCloseTo((text.match(/\p{Script=Han}/gu)?.length ?? 0) / letters, 10);
    }
  });

  it('returns nothing for empty text', () => {
    expect(extractKeywords('', '')).toEqual([]);
  });
});
