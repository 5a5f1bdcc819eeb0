import { countryName, diffTexts, titleUpdate } from './translation.service.js';

describe('countryName', () => {
  it('names ISO region codes in Chinese and keeps other values', () => {
    expect(countryName('US')).toBe('美国');
    expect(countryName('fr')).toBe('法国');
    expect(countryName('美国')).toBe('美国');
    expect(countryName('  ')).toBeNull();
    expect(countryName(null)).toBeNull();
  });
});

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

describe('titleUpdate', () => {
  it('omitted leaves the department title; blank or null clears it; text sets it', () => {
    expect(titleUpdate(undefined)).toEqual({ set: false, value: null });
    expect(titleUpdate('')).toEqual({ set: true, value: null });
    expect(titleUpdate(null)).toEqual({ set: true, value: null });
    expect(titleUpdate('美国能源部发布新政策')).toEqual({ set: true, value: '美国能源部发布新政策' });
  });
});
