import englishMessages from 'ra-language-english';
import { enApp, enResources } from './en';
import { zhApp, zhMessages, zhResources } from './zh';

/** Every leaf key of a nested message object, as dotted paths. */
function leafKeys(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    value && typeof value === 'object' ? leafKeys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('zh messages', () => {
  it('translate every key of ra-language-english', () => {
    const zhKeys = new Set(leafKeys(zhMessages));
    const missing = leafKeys(englishMessages).filter((key) => !zhKeys.has(key));
    expect(missing).toEqual([]);
  });

  it('are really translated (no English react-admin string left behind)', () => {
    const en = englishMessages.ra.action;
    const zh = zhMessages.ra.action;
    const untouched = Object.keys(en).filter((key) => en[key] === zh[key]);
    expect(untouched).toEqual([]);
  });

  it('have the same application keys in zh and en', () => {
    expect(leafKeys(enApp).sort()).toEqual(leafKeys(zhApp).sort());
    expect(leafKeys(enResources).sort()).toEqual(leafKeys(zhResources).sort());
  });
});
