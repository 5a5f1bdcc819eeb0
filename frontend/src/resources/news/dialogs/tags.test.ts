import { describe, expect, it } from 'vitest';
import { addTag, commitTag, editTag, normaliseTags, removeTag, tagInputWidth } from './tags';

describe('keyword tag editing', () => {
  it('adds an empty tag at the end and says which one to edit', () => {
    expect(addTag(['能源', '石油'])).toEqual({ tags: ['能源', '石油', ''], index: 2 });
    expect(addTag([])).toEqual({ tags: [''], index: 0 });
  });

  it('edits one tag in place and ignores an index out of range', () => {
    expect(editTag(['能源', '石油'], 1, '天然气')).toEqual(['能源', '天然气']);
    expect(editTag(['能源'], 3, 'x')).toEqual(['能源']);
  });

  it('removes one tag', () => {
    expect(removeTag(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(removeTag(['a'], 5)).toEqual(['a']);
  });

  it('commits an edit trimmed, and drops the tag when it ends empty or repeats another', () => {
    expect(commitTag(['能源', ''], 1, '  光伏 ')).toEqual(['能源', '光伏']);
    expect(commitTag(['能源', ''], 1, '   ')).toEqual(['能源']);
    expect(commitTag(['能源', ''], 1, '能源')).toEqual(['能源']);
    expect(commitTag(['能源', '石油'], 0, '能源')).toEqual(['能源', '石油']);
  });

  it('normalises for saving: trim, no empty ones, no duplicates (first kept)', () => {
    expect(normaliseTags([' 能源 ', '', '石油', '能源', '  ', 'AI', 'AI '])).toEqual(['能源', '石油', 'AI']);
    expect(normaliseTags([])).toEqual([]);
  });

  it('widens the input for keywords of 3 characters or more', () => {
    const narrow = tagInputWidth('');
    expect(tagInputWidth('能源')).toBe(narrow);
    expect(tagInputWidth('ab')).toBe(narrow);
    expect(tagInputWidth('人工智')).toBeGreaterThan(narrow);
    expect(tagInputWidth('abc')).toBeGreaterThan(narrow);
    expect(tagInputWidth('large language model')).toBeGreaterThan(tagInputWidth('large'));
    expect(tagInputWidth('x'.repeat(50))).toBeLessThanOrEqual(320);
  });
});
