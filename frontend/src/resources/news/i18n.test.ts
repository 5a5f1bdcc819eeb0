import { newsEn, newsZh } from './i18n';
import { fillText, zhText } from './text';

function leafKeys(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    value && typeof value === 'object' ? leafKeys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('news messages', () => {
  it('have the same keys in zh and en', () => {
    expect(leafKeys(newsEn).sort()).toEqual(leafKeys(newsZh).sort());
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) => (text.match(/%\{\w+\}/g) ?? []).sort();
    const get = (messages: object, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages) as string;
    for (const key of leafKeys(newsZh)) expect([key, placeholders(get(newsEn, key))]).toEqual([key, placeholders(get(newsZh, key))]);
  });

  it('carry the spec wording of the missing refined translation', () => {
    expect(newsZh.panel.no_manual).toBe('暂无精翻，请进入详情页开始翻译');
  });

  it('fall back to the Chinese text with its placeholders filled', () => {
    expect(fillText(zhText('pager.total'), { total: 12 })).toBe('共 12 条');
    expect(fillText(zhText('bulk.selected'), { count: 3 })).toBe('已选择 3 条');
    expect(fillText(zhText('row.provided_by'), {})).toBe('由 %{name} 提供');
  });
});
