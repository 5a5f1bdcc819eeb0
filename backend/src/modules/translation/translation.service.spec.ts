import { countryName, titleUpdate } from './translation.service.js';

describe('countryName', () => {
  it('names ISO region codes in Chinese and keeps other values', () => {
    expect(countryName('US')).toBe('美国');
    expect(countryName('fr')).toBe('法国');
    expect(countryName('美国')).toBe('美国');
    expect(countryName('  ')).toBeNull();
    expect(countryName(null)).toBeNull();
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
