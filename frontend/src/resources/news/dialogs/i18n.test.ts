import { describe, expect, it } from 'vitest';
import { dialogsEn, dialogsZh } from './i18n';
import { interpolate, zhText } from './useDialogText';

function leafKeys(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    value && typeof value === 'object' ? leafKeys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('dialog messages', () => {
  it('have the same keys in zh and en', () => {
    expect(leafKeys(dialogsEn).sort()).toEqual(leafKeys(dialogsZh).sort());
  });

  it('use the same placeholders in zh and en', () => {
    const placeholders = (text: string) => (text.match(/%\{\w+\}/g) ?? []).sort();
    for (const key of leafKeys(dialogsZh)) {
      const path = key.split('.');
      const zh = path.reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], dialogsZh) as string;
      const en = path.reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], dialogsEn) as string;
      expect(placeholders(en), key).toEqual(placeholders(zh));
    }
  });

  it('fall back to the Chinese text, interpolated', () => {
    expect(zhText('share.success')).toBe('分享成功');
    expect(interpolate(zhText('collect.views'), { count: 35 })).toBe('浏览 35');
    expect(interpolate('%{a} and %{b}', { a: 1 })).toBe('1 and %{b}');
  });
});
