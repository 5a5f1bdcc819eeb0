import { describe, expect, it } from 'vitest';
import { isBlank, isEmail, isPhone } from './validation';

describe('phone (spec §5)', () => {
  it.each(['13800138000', '14912345678', '15012345678', '17712345678', '18612345678', ' 18612345678 '])('accepts %s', (phone) => {
    expect(isPhone(phone)).toBe(true);
  });

  it.each(['12345678901', '16612345678', '19912345678', '1381234567', '138123456789', '2381234567a', ''])('rejects %s', (phone) => {
    expect(isPhone(phone)).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isPhone(13800138000)).toBe(false);
  });
});

describe('email', () => {
  it('accepts an address', () => {
    expect(isEmail('admin@horizon.cn')).toBe(true);
    expect(isEmail('a.b+c@mail.example.com')).toBe(true);
  });

  it('rejects malformed ones', () => {
    for (const bad of ['admin', 'admin@', '@x.cn', 'a b@x.cn', 'a@x', '']) expect(isEmail(bad)).toBe(false);
  });
});

describe('isBlank', () => {
  it('treats empty strings, whitespace, null and empty arrays as blank', () => {
    expect([undefined, null, '', '  ', []].every(isBlank)).toBe(true);
    expect([0, 'a', [1], false].some(isBlank)).toBe(false);
  });
});
