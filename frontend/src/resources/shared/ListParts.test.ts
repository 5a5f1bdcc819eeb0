import { describe, expect, it } from 'vitest';
import { pageRangeText } from './ListParts';

describe('pageRangeText', () => {
  it('words the range like the react-admin lists', () => {
    expect(pageRangeText({ from: 1, to: 20, count: 35 })).toBe('第 1-20 条，共 35 条');
    expect(pageRangeText({ from: 0, to: 0, count: 0 })).toBe('共 0 条');
  });
});
