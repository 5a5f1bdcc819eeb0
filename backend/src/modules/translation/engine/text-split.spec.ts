import { batchSegments, splitText } from './text-split.js';

describe('splitText', () => {
  it('returns short text as one piece and nothing for empty text', () => {
    expect(splitText('Hello world.', 100)).toEqual(['Hello world.']);
    expect(splitText('', 100)).toEqual([]);
  });

  it('is lossless and respects the limit', () => {
    const text = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} has a few words. And a second sentence here!`).join('\n\n');
    const pieces = splitText(text, 200);
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) expect(piece.trimEnd().length).toBeLessThanOrEqual(200);
    expect(pieces.length).toBeGreaterThan(5);
  });

  it('cuts at blank lines first and packs neighbouring paragraphs', () => {
    const text = 'First paragraph.\n\nSecond one.\n\nThird paragraph is here.';
    expect(splitText(text, 32)).toEqual(['First paragraph.\n\nSecond one.\n\n', 'Third paragraph is here.']);
  });

  it('cuts at single line breaks when there are no blank lines', () => {
    expect(splitText('Line one here\nLine two here\nLine three', 28)).toEqual(['Line one here\nLine two here\n', 'Line three']);
  });

  it('cuts an over-long paragraph at sentence ends, not inside sentences', () => {
    const text = 'The minister spoke today. Markets rose sharply! Did investors react? Yes, they did.';
    const pieces = splitText(text, 50);
    expect(pieces.join('')).toBe(text);
    expect(pieces.map((p) => p.trim())).toEqual(['The minister spoke today. Markets rose sharply!', 'Did investors react? Yes, they did.']);
  });

  it('does not cut after an abbreviation followed by a lower-case word', () => {
    const pieces = splitText('Prices, e.g. for bread, rose. Wages fell again this year.', 35);
    expect(pieces.map((p) => p.trim())).toEqual(['Prices, e.g. for bread, rose.', 'Wages fell again this year.']);
  });

  it('cuts Chinese text after 。！？ without spaces', () => {
    const text = '美国能源部发布新政策。市场反应积极！投资者怎么看？专家表示谨慎。';
    const pieces = splitText(text, 12);
    expect(pieces.join('')).toBe(text);
    expect(pieces).toEqual(['美国能源部发布新政策。', '市场反应积极！', '投资者怎么看？', '专家表示谨慎。']);
  });

  it('falls back to word boundaries, and cuts a single huge word only as a last resort', () => {
    const words = 'alpha beta gamma delta epsilon zeta eta theta';
    const pieces = splitText(words, 12);
    expect(pieces.join('')).toBe(words);
    const vocabulary = new Set(words.split(' '));
    for (const piece of pieces) {
      expect(piece.trim().length).toBeLessThanOrEqual(12);
      for (const word of piece.trim().split(' ')) expect(vocabulary.has(word)).toBe(true);
    }
    expect(splitText('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });

  it('never splits a surrogate pair', () => {
    const text = '😀'.repeat(5);
    const pieces = splitText(text, 3);
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) expect(piece).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
  });

  it('rejects a non-positive limit', () => {
    expect(() => splitText('abc', 0)).toThrow(RangeError);
  });
});

describe('batchSegments', () => {
  it('groups segments in order up to the character limit', () => {
    expect(batchSegments(['aaaa', 'bbb', 'cc', 'dddddd', 'e'], 7)).toEqual([['aaaa', 'bbb'], ['cc'], ['dddddd', 'e']]);
  });

  it('sends an over-long segment alone', () => {
    expect(batchSegments(['a', 'x'.repeat(20), 'b'], 5)).toEqual([['a'], ['x'.repeat(20)], ['b']]);
  });

  it('limits the number of segments per request', () => {
    expect(batchSegments(['a', 'b', 'c', 'd', 'e'], 100, 2)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('gives nothing for nothing', () => {
    expect(batchSegments([], 10)).toEqual([]);
  });
});
