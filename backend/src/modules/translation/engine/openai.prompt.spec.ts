import { cleanModelOutput, decodeSegments, DEFAULT_OPENAI_PROMPT, encodeSegments, systemPrompt } from './openai.prompt.js';
import { languageName, toIso1, toIso3 } from './language-codes.js';

describe('openai prompt', () => {
  it('fills in language names and adds the placeholder and segment rules', () => {
    const single = systemPrompt(undefined, 'es', 'zh', 1);
    expect(single).toContain('from Spanish into Simplified Chinese');
    expect(single).toContain('73101');
    expect(single).not.toContain('[[1]]');
    expect(systemPrompt('Translate {source} to {target}.', 'en', 'de', 3)).toMatch(/^Translate English to German\.\n.*73101[\s\S]*\[\[1\]\]/);
    expect(DEFAULT_OPENAI_PROMPT).toMatch(/paragraph/i);
  });

  it('encodes and decodes numbered segments', () => {
    const message = encodeSegments(['Hola.', 'Dos\n\npárrafos']);
    expect(message).toBe('[[1]]\nHola.\n\n[[2]]\nDos\n\npárrafos');
    expect(decodeSegments('[[1]]\n你好。\n\n[[2]]\n两个\n\n段落\n', 2)).toEqual(['你好。', '两个\n\n段落']);
    expect(decodeSegments('[[1]] 你好。\n**[[2]]** 再见。', 2)).toEqual(['你好。', '再见。']);
  });

  it('rejects answers with missing, extra or reordered markers', () => {
    expect(decodeSegments('[[1]]\na', 2)).toBeUndefined();
    expect(decodeSegments('[[2]]\na\n[[1]]\nb', 2)).toBeUndefined();
    expect(decodeSegments('Sure! Here it is:\n[[1]]\na\n[[2]]\nb', 2)).toBeUndefined();
    expect(decodeSegments('[[1]]\na\n[[2]]\nb\n[[3]]\nc', 2)).toBeUndefined();
  });

  it('removes reasoning blocks and code fences', () => {
    expect(cleanModelOutput('<think>hmm</think>\n你好')).toBe('你好');
    expect(cleanModelOutput('```text\n你好\n```')).toBe('你好');
    expect(cleanModelOutput('<think>never finished')).toBe('');
  });
});

describe('language codes', () => {
  it('maps ISO 639-1 and 639-3 both ways', () => {
    expect(toIso3('es')).toBe('spa');
    expect(toIso3('EN')).toBe('eng');
    expect(toIso3('eng_US')).toBe('eng_US');
    expect(toIso3('es-MX')).toBe('spa');
    expect(toIso3('xx')).toBe('xx');
    expect(toIso1('spa')).toBe('es');
    expect(toIso1('eng_US')).toBe('en');
    expect(toIso1('nob')).toBe('nb');
    expect(toIso1('qqq')).toBeUndefined();
    expect(languageName('zh')).toBe('Simplified Chinese');
    expect(languageName('zh-TW')).not.toBe('Simplified Chinese');
    expect(languageName('fr')).toBe('French');
  });
});
