import { describe, expect, it } from 'vitest';
import { leafKeys, messageAt } from '../shared/scopedText';
import { journalsEn, journalsZh } from './i18n';
import { interpolate, zhText } from './useJournalText';

describe('journal messages', () => {
  it('have the same keys in zh and en', () => {
    expect(leafKeys(journalsEn).sort()).toEqual(leafKeys(journalsZh).sort());
  });

  it('use the same placeholders in zh and en', () => {
    const placeholders = (text: string) => (text.match(/%\{\w+\}/g) ?? []).sort();
    for (const key of leafKeys(journalsZh)) expect(placeholders(messageAt(journalsEn, key)), key).toEqual(placeholders(messageAt(journalsZh, key)));
  });

  it('name the statuses as the spec does', () => {
    expect(journalsZh.status).toEqual({ edit: '编辑审核中', submit: '已提交', done: '已完成', review: '更正版' });
  });

  it('fall back to the Chinese text, interpolated', () => {
    expect(zhText('daily.empty')).toBe('所选时间段内没有日刊');
    expect(interpolate(zhText('daily.selected'), { count: 2 })).toBe('已选 2 期');
  });
});
