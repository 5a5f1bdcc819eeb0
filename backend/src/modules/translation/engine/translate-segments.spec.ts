import { FakeTranslationEngine } from './fake.engine.js';
import { translateSegments } from './translate-segments.js';

const EU = { source: 'European Union', target: '欧盟' };

describe('translateSegments', () => {
  it('keeps order, outer whitespace and segments without letters', async () => {
    const engine = new FakeTranslationEngine((s) => s.toUpperCase());
    expect(await translateSegments(engine, ['  one ', '', '42', 'two\n'], 'en', 'es', { chunkChars: 100 })).toEqual(['  ONE ', '', '42', 'TWO\n']);
    expect(engine.calls).toEqual([{ segments: ['one', 'two'], from: 'en', to: 'es' }]);
  });

  it('batches segments into requests of at most chunkChars', async () => {
    const engine = new FakeTranslationEngine((s) => s);
    const segments = Array.from({ length: 10 }, (_, i) => `segment number ${i}`);
    expect(await translateSegments(engine, segments, 'en', 'es', { chunkChars: 40 })).toEqual(segments);
    expect(engine.calls.map((c) => c.segments.length)).toEqual([2, 2, 2, 2, 2]);
  });

  it('splits a long segment and keeps its paragraph breaks', async () => {
    const engine = new FakeTranslationEngine((s) => `<${s}>`);
    const text = `${'a'.repeat(150)}\n\n${'b'.repeat(150)}`;
    expect(await translateSegments(engine, [text], 'en', 'es', { chunkChars: 200 })).toEqual([`<${'a'.repeat(150)}>\n\n<${'b'.repeat(150)}>`]);
  });

  it('joins the pieces of a cut Chinese translation without spaces', async () => {
    const engine = new FakeTranslationEngine((s) => (s.startsWith('First') ? '第一句。' : '第二句。'));
    const text = `First ${'x '.repeat(100)}end. Second ${'y '.repeat(40)}end.`;
    expect(await translateSegments(engine, [text], 'en', 'zh', { chunkChars: 250 })).toEqual(['第一句。第二句。']);
  });

  it('enforces glossary terms through placeholders', async () => {
    const engine = new FakeTranslationEngine((s) => s.replace('The', 'La').replace('met', 'se reunió'));
    expect(await translateSegments(engine, ['The European Union met'], 'en', 'es', { chunkChars: 100, glossary: [EU] })).toEqual([
      'La 欧盟 se reunió',
    ]);
    expect(engine.calls[0]!.segments).toEqual(['The 73001 met']);
  });

  it('translates a segment again without placeholders when the engine lost one', async () => {
    // The engine drops numbers, and copies the name through when it sees it.
    const engine = new FakeTranslationEngine((s) => s.replace(/\d+/g, '').replace('met', 'se reunió'));
    expect(await translateSegments(engine, ['The European Union met'], 'en', 'es', { chunkChars: 100, glossary: [EU] })).toEqual([
      'The 欧盟 se reunió',
    ]);
    expect(engine.calls.map((c) => c.segments)).toEqual([['The 73001 met'], ['The European Union met']]);
  });

  it('does not call the engine for a segment that is only a glossary term', async () => {
    const engine = new FakeTranslationEngine();
    expect(await translateSegments(engine, ['European Union'], 'en', 'zh', { chunkChars: 100, glossary: [EU] })).toEqual(['欧盟']);
    expect(engine.calls).toEqual([]);
  });
});
