import { describe, expect, it } from 'vitest';
import { canAccess, permissionFor } from '../../providers/permissions';
import { newsDetailHref } from './api';
import { engineKey, languageName, queueKey } from './format';

describe('status display', () => {
  it('names the engine, 未配置 when none or not configured', () => {
    expect(engineKey({ engine: 'none', configured: false })).toBe('status.engines.none');
    expect(engineKey({ engine: 'openai', configured: false })).toBe('status.engines.none');
    expect(engineKey({ engine: 'libretranslate', configured: true })).toBe('status.engines.libretranslate');
    expect(engineKey({ engine: 'apertium', configured: true })).toBe('status.engines.apertium');
    expect(engineKey({ engine: 'deepl', configured: true })).toBeNull();
  });

  it('names the queue', () => {
    expect(queueKey('in-process')).toBe('status.queues.in_process');
    expect(queueKey('bullmq')).toBe('status.queues.bullmq');
    expect(queueKey(null)).toBe('status.queues.none');
  });

  it('names languages in the UI language, the code when unknown', () => {
    expect(languageName('fr', 'zh')).toBe('法语');
    expect(languageName('fr', 'en')).toBe('French');
    expect(languageName(null)).toBe('');
    expect(languageName('not a code!')).toBe('not a code!');
  });

  it('links a failure to the news detail page under the app base', () => {
    expect(newsDetailHref(12)).toMatch(/\/pro\/news\/detailFull2\/12$/);
  });
});

describe('permissions of system/mt', () => {
  it('map to mt:*', () => {
    expect(permissionFor('system/mt', 'list')).toBe('mt:list');
    expect(permissionFor('system/mt', 'create')).toBe('mt:add');
    expect(permissionFor('system/mt', 'edit')).toBe('mt:edit');
    expect(permissionFor('system/mt', 'delete')).toBe('mt:del');
    expect(canAccess(['mt:list'], 'system/mt', 'edit')).toBe(false);
    expect(canAccess(['admin'], 'system/mt', 'delete')).toBe(true);
  });
});
