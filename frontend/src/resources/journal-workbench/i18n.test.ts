import { describe, expect, it } from 'vitest';
import { leafKeys, messageAt } from '../shared/scopedText';
import { workbenchEn, workbenchZh } from './i18n';
import { interpolate, zhText } from './useWorkbenchText';

describe('workbench messages', () => {
  it('have the same keys in zh and en', () => {
    expect(leafKeys(workbenchEn).sort()).toEqual(leafKeys(workbenchZh).sort());
  });

  it('use the same placeholders in zh and en', () => {
    const placeholders = (text: string) => (text.match(/%\{\w+\}/g) ?? []).sort();
    for (const key of leafKeys(workbenchZh)) expect(placeholders(messageAt(workbenchEn, key)), key).toEqual(placeholders(messageAt(workbenchZh, key)));
  });

  it('carry the spec’s notices and confirmations', () => {
    expect(zhText('header.done_confirm')).toBe('定稿后不可修改，请再次确认');
    expect(zhText('row.delete_confirm')).toBe('删除后不可恢复');
    expect(zhText('pick.success')).toBe('稿件选择成功');
    expect(zhText('pick.failed')).toBe('选择失败');
    expect(zhText('sort.saved')).toBe('稿件顺序保存成功');
    expect(zhText('edit.saved')).toBe('编辑成功');
    expect(zhText('edit.provider_required')).toBe('供稿为必填项');
    expect(zhText('edit.reviewer_required')).toBe('审稿为必填项');
    expect(zhText('info.not_done')).toBe('未定稿');
  });

  it('fall back to the Chinese text, interpolated', () => {
    expect(interpolate(zhText('page.issue'), { product: '国际动态日报', year: 2026, no: 12 })).toBe('国际动态日报 2026年 第12期');
  });
});
