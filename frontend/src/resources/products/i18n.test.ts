import { describe, expect, it } from 'vitest';
import { enMessages } from '../../providers/i18n/en';
import { zhMessages } from '../../providers/i18n/zh';
import { leafKeys, messageAt } from '../shared/scopedText';
import { productsEn, productsZh } from './i18n';
import { fill, messageOf } from './useProductText';

describe('product messages', () => {
  it('have the same keys in zh and en', () => {
    expect(leafKeys(productsEn).sort()).toEqual(leafKeys(productsZh).sort());
  });

  it('use the same placeholders in zh and en', () => {
    const placeholders = (text: string) => (text.match(/%\{\w+\}/g) ?? []).sort();
    for (const key of leafKeys(productsZh)) expect(placeholders(messageAt(productsEn, key)), key).toEqual(placeholders(messageAt(productsZh, key)));
  });

  it('are merged into the app catalogues as `products`', () => {
    expect(zhMessages.products).toBe(productsZh);
    expect(enMessages.products).toBe(productsEn);
  });

  it('say what the spec says', () => {
    expect(productsZh.type).toEqual({ '1': '常规期', '2': '专刊' });
    expect(productsZh.content_type).toEqual({ '1': '摘要', '2': '全文' });
    expect(productsZh.list.min_columns).toBe('请至少选择五列');
    expect(fill(productsZh.list.delete_confirm, { count: 3 })).toBe('确认删除选中的 3 条数据?');
    expect([productsZh.form.dept_required, productsZh.form.name_required]).toEqual(['所属单位不能为空', '产品名称不能为空']);
    expect([productsZh.statistics.title, productsZh.statistics.failed]).toEqual(['选择统计周期', '生成失败，请重试']);
  });

  it('look keys up and fill placeholders as polyglot does', () => {
    expect(messageOf(productsZh, 'list.empty_search')).toBe('没有名称包含“%{name}”的产品');
    expect(fill(messageOf(productsZh, 'list.empty_search'), { name: '周刊' })).toBe('没有名称包含“周刊”的产品');
  });
});
