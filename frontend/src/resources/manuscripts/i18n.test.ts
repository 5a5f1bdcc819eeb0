import { describe, expect, it } from 'vitest';
import { leafKeys, messageAt } from '../shared/scopedText';
import { manuscriptsEn, manuscriptsZh } from './i18n';
import { interpolate, zhText } from './useManuscriptText';

describe('manuscript messages', () => {
  it('have the same keys and placeholders in zh and en', () => {
    expect(leafKeys(manuscriptsEn).sort()).toEqual(leafKeys(manuscriptsZh).sort());
    const placeholders = (text: string) => (text.match(/%\{\w+\}/g) ?? []).sort();
    for (const key of leafKeys(manuscriptsZh)) expect(placeholders(messageAt(manuscriptsEn, key)), key).toEqual(placeholders(messageAt(manuscriptsZh, key)));
  });

  it('carry the spec wording', () => {
    expect(manuscriptsZh.form.product_required).toBe('请选择产品');
    expect(manuscriptsZh.form.first_author_required).toBe('供稿为必填项');
    expect(manuscriptsZh.form.reviewer_required).toBe('审稿为必填项');
    expect(manuscriptsZh.form.abstracts_required).toBe('稿件摘要为必填项');
    expect(manuscriptsZh.form.title_required).toBe('稿件标题为必填项');
    expect(manuscriptsZh.form.column_required).toBe('请选择投稿栏目');
    expect(manuscriptsZh.submit.success).toBe('投稿成功');
    expect(manuscriptsZh.tabs).toEqual({ my: '我的投稿', dept: '工作组', all: '全部' });
    expect(manuscriptsZh.type).toEqual({ dynamic: '动态稿件', upload: '本地上传' });
  });

  it('fall back to the Chinese text, interpolated', () => {
    expect(interpolate(zhText('submit.title_batch'), { count: 3 })).toBe('批量报送（3 条）');
    expect(zhText('page.stats')).toBe('今日投稿统计');
  });
});
