import { blankToNull, trimmed } from './dto.js';

describe('blankToNull', () => {
  it("clears '' and null, keeps undefined (not sent) and any other value", () => {
    expect(blankToNull('')).toBeNull();
    expect(blankToNull(null)).toBeNull();
    expect(blankToNull(undefined)).toBeUndefined();
    expect(blankToNull(' ')).toBe(' ');
    expect(blankToNull('x')).toBe('x');
    expect(blankToNull(0)).toBe(0);
  });
});

describe('trimmed', () => {
  it('trims strings only', () => {
    expect(trimmed('  a ')).toBe('a');
    expect(trimmed(3)).toBe(3);
    expect(trimmed(null)).toBeNull();
  });
});
