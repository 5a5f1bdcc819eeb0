import {
  MAX_TOKENS_PER_DOCUMENT,
  MAX_TOKENS_PER_TEXT,
  MAX_TOKEN_LENGTH,
  buildTsQuery,
  documentTokens,
  getJieba,
  queryTerms,
  queryTokens,
  quoteLexeme,
  searchQuery,
  toTsVector,
  tokenize,
} from './tokenizer';

describe('tokenize', () => {
  beforeAll(() => getJieba());

  it('finds two-character Chinese words inside longer words', () => {
    const tokens = tokenize('美国能源部发布新能源补贴政策');
    expect(tokens).toEqual(expect.arrayContaining(['美国', '能源', '能源部', '美国能源部', '新能源', '补贴', '政策']));
  });

  it('drops Chinese function words and punctuation', () => {
    const tokens = tokenize('中国和美国的贸易谈判，取得了进展！');
    expect(tokens).toEqual(expect.arrayContaining(['中国', '美国', '贸易', '谈判', '进展']));
    for (const stop of ['和', '的', '了', '，', '！']) expect(tokens).not.toContain(stop);
  });

  it('lower-cases English words and drops stop words and single letters', () => {
    expect(tokenize('The U.S. Department of Energy and the Future of Clean-Energy Policy')).toEqual([
      'department', 'energy', 'future', 'clean', 'energy', 'policy',
    ]);
  });

  it('keeps accented and Cyrillic letters and digits', () => {
    expect(tokenize('La transición energética de España en 2024')).toEqual([
      'la', 'transición', 'energética', 'de', 'españa', 'en', '2024',
    ]);
    expect(tokenize('Энергия: Россия увеличила экспорт газа')).toEqual(['энергия', 'россия', 'увеличила', 'экспорт', 'газа']);
    expect(tokenize("L'énergie nucléaire")).toEqual(['énergie', 'nucléaire']);
  });

  it('applies NFKC: full-width letters and digits become ASCII', () => {
    expect(tokenize('ＡＩ　２０２５')).toEqual(['ai', '2025']);
  });

  it('gives sensible Japanese tokens', () => {
    const tokens = tokenize('東京の株式市場でエネルギー関連株が上昇した');
    // jieba's dictionary is Chinese: shared kanji words (東京, 株式, 市場) come out whole, Japanese-only
    // ones may be split (上昇 → 上/昇); katakana loanwords are kept whole.
    expect(tokens).toEqual(expect.arrayContaining(['東京', '株式', '市場', 'エネルギー']));
    expect(tokens).not.toContain('の');
    expect(tokens).not.toContain('した');
  });

  it('splits Korean into syllable bigrams so a stem matches a word with a particle', () => {
    expect(tokenize('에너지를 절약')).toEqual(['에너', '너지', '지를', '절약']);
    const q = queryTokens('에너지');
    for (const t of q) expect(tokenize('정부는 에너지를 절약한다')).toContain(t);
  });

  it('is deterministic', () => {
    const text = '美国能源部发布新能源补贴政策。The Energy policy of the United States. Энергия.';
    expect(tokenize(text)).toEqual(tokenize(text));
    expect(toTsVector(documentTokens({ title: text, content: text }))).toBe(
      toTsVector(documentTokens({ title: text, content: text })),
    );
  });

  it('returns nothing for empty, null or punctuation-only input', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize(null)).toEqual([]);
    expect(tokenize(undefined)).toEqual([]);
    expect(tokenize(' ,.;!?，。、…—— ()[]')).toEqual([]);
  });

  it('bounds token length and count on huge input', () => {
    expect(tokenize(`x${'a'.repeat(MAX_TOKEN_LENGTH)} ok`)).toEqual(['ok']);
    const huge = 'energy policy 美国能源部发布新能源补贴政策 '.repeat(20_000); // ~700k chars
    const started = Date.now();
    const tokens = tokenize(huge);
    expect(tokens.length).toBe(MAX_TOKENS_PER_TEXT);
    expect(Date.now() - started).toBeLessThan(5_000);
    const doc = documentTokens({ title: huge, titleCn: huge, content: huge, contentCn: huge });
    expect(doc.a.length + doc.d.length).toBeLessThanOrEqual(MAX_TOKENS_PER_DOCUMENT);
  });
});

describe('documentTokens / toTsVector', () => {
  it('puts titles in A and contents in D', () => {
    const doc = documentTokens({
      title: 'Energy policy',
      titleCn: '能源政策',
      content: 'The United States announced subsidies.',
      contentCn: '美国宣布补贴。',
    });
    expect(doc.a).toEqual(['energy', 'policy', '能源', '政策']);
    expect(doc.d).toEqual(['united', 'states', 'announced', 'subsidies', '美国', '宣布', '补贴']);
  });

  it('builds a positioned, weighted, sorted tsvector literal', () => {
    expect(toTsVector({ a: ['energy', 'policy'], d: ['energy', '美国'] })).toBe(
      "'energy':1A,3 'policy':2A '美国':4",
    );
    expect(toTsVector({ a: [], d: [] })).toBe('');
  });

  it('quotes lexemes with quotes and backslashes', () => {
    expect(toTsVector({ a: ["a'b"], d: ['x\\y'] })).toBe("'a''b':1A 'x\\\\y':2");
  });
});

describe('query', () => {
  it('tokenises queries the same way', () => {
    expect(queryTokens('能源 美国')).toEqual(['能源', '美国']);
    expect(queryTokens('Energy policy')).toEqual(['energy', 'policy']);
    expect(queryTokens('the energy of THE Energy')).toEqual(['energy']);
    expect(queryTokens('  ,,, ')).toEqual([]);
  });

  it('lets a long Chinese query word also match its parts', () => {
    const terms = queryTerms('美国能源');
    expect(terms).toEqual([{ token: '美国能源', parts: ['美国', '能源'] }]);
    expect(buildTsQuery(terms, 'and')).toBe("('美国能源' | '美国' & '能源')");
    // every part is a document token of a sentence that contains the phrase
    const doc = tokenize('美国能源部发布新能源补贴政策');
    for (const p of terms[0].parts!) expect(doc).toContain(p);
  });

  it('every query token of a Chinese phrase is a token of a document containing it', () => {
    for (const phrase of ['新能源', '能源', '美国', '补贴政策', '人工智能']) {
      const doc = new Set(tokenize(`据报道，${phrase}相关消息今天公布。`));
      for (const term of queryTerms(phrase)) {
        const ok = doc.has(term.token) || (term.parts ?? []).every((p) => doc.has(p)) && !!term.parts;
        expect(ok).toBe(true);
      }
    }
  });

  it('builds and/or tsqueries', () => {
    expect(buildTsQuery(['能源', '美国'], 'and')).toBe("'能源' & '美国'");
    expect(buildTsQuery(['energy', 'policy'], 'or')).toBe("'energy' | 'policy'");
    expect(buildTsQuery([], 'and')).toBeNull();
    expect(searchQuery('的 了 the')).toBeNull();
    expect(searchQuery('Energy policy')).toBe("'energy' & 'policy'");
  });

  it('escapes every operator character inside quotes', () => {
    expect(quoteLexeme("it's")).toBe("'it''s'");
    expect(buildTsQuery(["a'b", 'x&y', 'p|q', '!not', 'w:*', '(x)', 'b\\s'], 'and')).toBe(
      "'a''b' & 'x&y' & 'p|q' & '!not' & 'w:*' & '(x)' & 'b\\\\s'",
    );
    // tokenize never produces operator characters in the first place
    expect(queryTokens("bob's & cc|dd !ee :ff (gg) <-> hh:*")).toEqual(['bob', 'cc', 'dd', 'ee', 'ff', 'gg', 'hh']);
  });

  it('caps the number of query terms', () => {
    const many = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    expect(queryTokens(many)).toHaveLength(32);
  });
});

describe('tokenize: digits next to CJK', () => {
  it('splits numbers from a following or preceding Han, kana or Hangul run', () => {
    expect(tokenize('2024年能源政策')).toEqual(expect.arrayContaining(['2024', '能源', '政策']));
    expect(tokenize('美国拨款400亿美元用于能源补贴')).toEqual(expect.arrayContaining(['400', '能源', '补贴']));
    expect(tokenize('第3四半期のエネルギー')).toEqual(expect.arrayContaining(['エネルギー']));
    expect(tokenize('2026년에너지')).toContain('2026');
    expect(tokenize('COVID19 vaccine')).toEqual(['covid19', 'vaccine']);
  });
});
