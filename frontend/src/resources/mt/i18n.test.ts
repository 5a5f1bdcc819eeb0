import { describe, expect, it } from 'vitest';
import { enMessages } from '../../providers/i18n/en';
import { zhMessages } from '../../providers/i18n/zh';
import { mtEn, mtZh } from './i18n';
import { fill, messageOf } from './useMtText';

function leafKeys(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    value && typeof value === 'object' ? leafKeys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const at = (messages: object, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages) as string;

describe('machine-translation messages', () => {
  it('have the same keys in zh and en', () => {
    expect(leafKeys(mtEn).sort()).toEqual(leafKeys(mtZh).sort());
  });

  it('use the same placeholders in zh and en', () => {
    const placeholders = (text: string) => (text.match(/%\{\w+\}/g) ?? []).sort();
    for (const key of leafKeys(mtZh)) expect(placeholders(at(mtEn, key)), key).toEqual(placeholders(at(mtZh, key)));
  });

  it('are merged into the app catalogues as `mt`', () => {
    expect(zhMessages.mt).toBe(mtZh);
    expect(enMessages.mt).toBe(mtEn);
  });

  it('say what the spec says', () => {
    expect(mtZh.status.engines.none).toBe('未配置');
    expect(mtZh.status.queues).toEqual({ in_process: '进程内', bullmq: 'Redis (BullMQ)', none: '未启用' });
    expect([mtZh.status.pending, mtZh.status.running, mtZh.status.failed]).toEqual(['排队中', '翻译中', '失败']);
    expect(mtZh.failures.empty).toBe('没有失败的机器翻译');
    expect(mtZh.status.not_configured_hint).toMatch(/MT_ENGINE.*MT_URL/);
  });

  it('look keys up and fill placeholders as polyglot does', () => {
    expect(messageOf(mtZh, 'failures.retried')).toBe('已重新排队 %{count} 条');
    expect(fill(messageOf(mtZh, 'failures.retried'), { count: 3 })).toBe('已重新排队 3 条');
    expect(fill('%{a} %{b}', { a: 1 })).toBe('1 %{b}');
  });
});
