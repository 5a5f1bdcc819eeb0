import { normaliseText, shingleTokens, stem, storyFeatures } from './shingles';

describe('shingles (docs/collect-design.md §4.3 features)', () => {
  it('normalises with NFKC and lower case', () => {
    expect(normaliseText('ＡＢＣ１２３ Fed')).toBe('abc123 fed');
    expect(normaliseText(null)).toBe('');
  });

  it('stems -s -es -ed -ing lightly and keeps short words', () => {
    expect(stem('raising')).toBe('rais');
    expect(stem('raised')).toBe('rais');
    expect(stem('rates')).toBe('rate');
    expect(stem('taxes')).toBe('tax');
    expect(stem('boxes')).toBe('box');
    expect(stem('press')).toBe('press');
    expect(stem('sing')).toBe('sing');
    expect(stem('bus')).toBe('bus');
  });

  it('normalises numbers: thousands groups, percent sign, trailing zeros', () => {
    expect(shingleTokens('1,200 people; 0.25% and 3.0 and 7.40')).toEqual(['1200', 'people', '0.25', '3', '7.4']);
    // a digit run is its own token; the counter word 个 is a stop word
    expect(shingleTokens('25个基点')).toEqual(['25', '基点']);
  });

  it('cuts Han runs with jieba and drops stop words and one-letter non-Han tokens', () => {
    const tokens = shingleTokens('美联储宣布降息 and the U.S. economy');
    expect(tokens).toEqual(['美联储', '宣布', '降息', 'economy']);
  });

  it('accepts a caller-supplied Han cutter', () => {
    expect(shingleTokens('美联储降息', (run) => Array.from(run))).toEqual(['美', '联', '储', '降', '息']);
  });

  it('limits the number of tokens', () => {
    expect(shingleTokens('alpha beta gamma delta', undefined, 2)).toEqual(['alpha', 'beta']);
  });

  it('builds t:title ∪ body features, and variant B adds bigrams', () => {
    const a = storyFeatures({ title: 'Fed cuts rates', content: 'The Fed cut rates again' }, { variant: 'A' });
    expect([...a].sort()).toEqual(['again', 'cut', 'fed', 'rate', 't:cut', 't:fed', 't:rate']);
    const b = storyFeatures({ title: 'Fed cuts rates', content: 'The Fed cut rates again' }, { variant: 'B' });
    expect(b.has('b:fed cut')).toBe(true);
    expect(b.has('b:rate again')).toBe(true);
    expect(b.size).toBeGreaterThan(a.size);
  });

  it('search mode adds dictionary sub-words of long Han words', () => {
    const cut = storyFeatures({ content: '国际黄金价格创历史纪录' }, { han: 'cut' });
    const search = storyFeatures({ content: '国际黄金价格创历史纪录' }, { han: 'search' });
    expect(search.size).toBeGreaterThan(cut.size);
    for (const f of cut) expect(search.has(f)).toBe(true);
  });
});
