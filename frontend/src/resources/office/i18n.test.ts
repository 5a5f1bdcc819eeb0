import { describe, expect, it } from 'vitest';
import { leafKeys, messageAt } from '../shared/scopedText';
import { officeEn, officeZh } from './i18n';

describe('office messages', () => {
  it('have the same keys and placeholders in zh and en', () => {
    expect(leafKeys(officeEn).sort()).toEqual(leafKeys(officeZh).sort());
    const placeholders = (text: string) => (text.match(/%\{\w+\}/g) ?? []).sort();
    for (const key of leafKeys(officeZh)) expect(placeholders(messageAt(officeEn, key)), key).toEqual(placeholders(messageAt(officeZh, key)));
  });

  it('carry the spec’s and the design’s notices', () => {
    expect(messageAt(officeZh, 'open.failed_journal')).toBe('期刊打开失败');
    expect(messageAt(officeZh, 'open.failed_copy')).toBe('稿件打开失败');
    expect(messageAt(officeZh, 'open.failed')).toBe('打开失败');
    expect(messageAt(officeZh, 'lock.lost')).toBe('编辑锁已失效，请重新打开');
    expect(messageAt(officeZh, 'page.read_only')).toBe('只读');
    expect(['save', 'discard', 'cancel'].map((k) => messageAt(officeZh, `unsaved.${k}`))).toEqual(['保存', '不保存', '取消']);
  });
});
