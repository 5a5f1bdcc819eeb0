import { applyTermsVerbatim, normaliseGlossary, protectTerms, restoreTerms, termRegex, type GlossaryTerm } from './glossary.js';
import { allocateTokens, findTokens, replaceTokens } from './placeholders.js';

const EU: GlossaryTerm = { source: 'European Union', target: '欧盟' };
const UNION: GlossaryTerm = { source: 'Union', target: '联盟' };

describe('placeholders', () => {
  it('allocates five-digit tokens that do not occur in the text', () => {
    expect(allocateTokens('nothing numeric', 3)).toEqual(['73001', '73002', '73003']);
    expect(allocateTokens('a number 73001 is present', 2)).toEqual(['74001', '74002']);
    expect(allocateTokens('inside a longer number 1273002999', 2)).toEqual(['74001', '74002']);
    expect(allocateTokens('with separators 73,001', 1)).toEqual(['74001']);
    expect(allocateTokens('x', 0)).toEqual([]);
  });

  it('grows the width when many tokens are needed', () => {
    const tokens = allocateTokens('', 1500);
    expect(new Set(tokens).size).toBe(1500);
    expect(tokens[0]).toHaveLength(6);
  });

  it('finds tokens written with thousands separators or full-width digits, but not inside other numbers', () => {
    const text = '73,001 and 73.002 and 73 003 and ７３００４ and 173005 and 73001';
    expect(findTokens(text, ['73001', '73002', '73003', '73004', '73005']).map((m) => m.token)).toEqual([
      '73001', '73002', '73003', '73004', '73001',
    ]);
  });

  it('drops the spaces an engine put between a Chinese value and Chinese text', () => {
    const { text, counts } = replaceTokens('政府 73001 宣布, the 73001 said', new Map([['73001', '欧盟']]));
    expect(text).toBe('政府欧盟宣布, the 欧盟 said');
    expect(counts.get('73001')).toBe(2);
  });
});

describe('glossary', () => {
  it('protects and restores terms', () => {
    const p = protectTerms('The European Union and Spain met.', [EU, { source: 'Spain', target: '西班牙' }]);
    expect(p.text).toBe('The 73001 and 73002 met.');
    const restored = restoreTerms('La 73001 y 73002 se reunieron.', p);
    expect(restored).toEqual({ text: 'La 欧盟 y 西班牙 se reunieron.', ok: true, missing: [] });
  });

  it('replaces longest terms first', () => {
    const p = protectTerms('The European Union is a union. The Union met.', [UNION, EU]);
    expect(p.text).toBe('The 73001 is a 73002. The 73002 met.');
    expect(restoreTerms(p.text, p).text).toBe('The 欧盟 is a 联盟. The 联盟 met.');
  });

  it('matches whole words only for Latin-script terms', () => {
    const p = protectTerms('EU, EUR, neutral, the EU.', [{ source: 'EU', target: '欧盟' }]);
    expect(p.text).toBe('73001, EUR, neutral, the 73001.');
  });

  it('is case-insensitive by default and case-sensitive on request', () => {
    expect(protectTerms('european UNION', [EU]).text).toBe('73001');
    const us: GlossaryTerm = { source: 'US', target: '美国', caseSensitive: true };
    expect(protectTerms('The US told us.', [us]).text).toBe('The 73001 told us.');
  });

  it('matches across line breaks and extra spaces inside a term', () => {
    expect(protectTerms('the European\n  Union', [EU]).text).toBe('the 73001');
  });

  it('matches Chinese terms inside running text and keeps digits apart', () => {
    const p = protectTerms('2024北京会议', [{ source: '北京', target: 'Beijing' }]);
    expect(p.text).toBe('2024 73001会议');
    expect(restoreTerms('2024 73001 meeting', p).text).toBe('2024 Beijing meeting');
  });

  it('avoids numbers that occur in the text', () => {
    const p = protectTerms('In 73001 the European Union', [EU]);
    expect(p.text).toBe('In 73001 the 74001');
    expect(restoreTerms('En 73001 la 74001', p).text).toBe('En 73001 la 欧盟');
  });

  it('accepts placeholders an engine reformatted', () => {
    const p = protectTerms('The European Union', [EU]);
    expect(restoreTerms('La ７３００１', p).text).toBe('La 欧盟');
    expect(restoreTerms('La 73.001', p).text).toBe('La 欧盟');
  });

  it('reports a lost placeholder and leaves no placeholder junk', () => {
    const p = protectTerms('The European Union and the Union', [EU, UNION]);
    const restored = restoreTerms('La 73001 y la unión', p);
    expect(restored.ok).toBe(false);
    expect(restored.missing).toEqual(['联盟']);
    expect(restored.text).toBe('La 欧盟 y la unión');
  });

  it('does nothing without terms or matches', () => {
    expect(protectTerms('plain text', [])).toEqual({ text: 'plain text', targets: new Map() });
    expect(protectTerms('plain text', [EU]).targets.size).toBe(0);
  });

  it('normalises the glossary: blanks dropped, duplicates merged, longest first', () => {
    expect(
      normaliseGlossary([UNION, { source: ' ', target: 'x' }, { source: 'union', target: '另一个' }, EU, { source: 'a', target: '' }]),
    ).toEqual([
      { source: 'European Union', target: '欧盟', caseSensitive: false },
      { source: 'Union', target: '联盟', caseSensitive: false },
    ]);
  });

  it('escapes regex characters in terms', () => {
    expect(termRegex({ source: 'C++ (lang)', target: 'x' }).test('we use C++ (lang) daily')).toBe(true);
    expect(protectTerms('U.S. and USA', [{ source: 'U.S.', target: '美国' }]).text).toBe('73001 and USA');
  });

  it('replaces terms an engine copied verbatim', () => {
    expect(applyTermsVerbatim('Pedro Sánchez habló', [{ source: 'Pedro Sánchez', target: '佩德罗·桑切斯' }])).toBe('佩德罗·桑切斯 habló');
  });
});
