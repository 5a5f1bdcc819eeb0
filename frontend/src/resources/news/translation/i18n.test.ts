import { newsZh } from '../i18n';
import { translationEn, translationZh } from './i18n';
import { fill, messageOf, type TransKey } from './useTransText';

const leafKeys = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : leafKeys(v as object, `${prefix}${k}.`)));
const placeholders = (text: string) => (text.match(/%\{\w+\}/g) ?? []).sort();

describe('translation messages', () => {
  it('have the same keys and placeholders in both languages', () => {
    expect(leafKeys(translationEn).sort()).toEqual(leafKeys(translationZh).sort());
    for (const key of leafKeys(translationZh) as TransKey[]) {
      expect([key, placeholders(messageOf(translationEn, key))]).toEqual([key, placeholders(messageOf(translationZh, key))]);
    }
  });

  it('use the spec’s texts', () => {
    expect(translationZh.notify.locked).toBe('该新闻已有人正在翻译，请点击查看详情');
    expect(translationZh.notify.view_manual_first).toBe('请点击右侧人工翻译，查看译文后再审核');
    expect(translationZh.notify.submitted).toBe('提交成功');
    expect(translationZh.notify.reviewed).toBe('审核成功');
    expect(Object.values(translationZh.status)).toEqual(['未翻译', '翻译中', '待审核', '已审核']);
  });

  it('say how machine translation is enabled (issue 12: an information, not an error)', () => {
    expect(translationZh.machine.not_configured).toBe('机器翻译未配置');
    expect(translationZh.machine.not_configured_admin).toContain('MT_ENGINE');
    expect(translationZh.machine.not_configured_admin).toContain('系统管理 → 机器翻译');
    expect(Object.values(translationZh.status)).toEqual(['未翻译', '翻译中', '待审核', '已审核']);
  });

  it('do not clash with the news messages they would be merged under', () => {
    expect('translation' in newsZh).toBe(false);
    expect(fill(translationZh.history.diff_of, { from: 1, to: 'v2' })).toBe('v1 → v2');
  });
});
