import { diffTexts } from './diff.js';

describe('diffTexts', () => {
  it('diffs Chinese by words and counts inserted / deleted characters', () => {
    const d = diffTexts('美国能源部发布新政策。', '美国能源部周一发布了新政策。');
    expect(d.parts.filter((p) => p.op === 'insert').map((p) => p.text).join('')).toBe('周一了');
    expect(d.inserted).toBe(3);
    expect(d.deleted).toBe(0);
    expect(d.parts.filter((p) => p.op !== 'insert').map((p) => p.text).join('')).toBe('美国能源部发布新政策。');
  });

  it('equal texts are one equal part', () => {
    expect(diffTexts('same text', 'same text')).toEqual({ parts: [{ op: 'equal', text: 'same text' }], inserted: 0, deleted: 0 });
  });
});
