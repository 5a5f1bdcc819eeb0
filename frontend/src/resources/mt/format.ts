// Pure display rules of the machine-translation screen.
import type { MtStatus } from './api';
import type { MtKey } from './useMtText';

const ENGINE_KEYS: Record<string, MtKey> = {
  none: 'status.engines.none',
  libretranslate: 'status.engines.libretranslate',
  openai: 'status.engines.openai',
  apertium: 'status.engines.apertium',
};

/** The message key of the engine's name; `null` for an engine this screen does not know (shown as is). */
export function engineKey(status: Pick<MtStatus, 'engine' | 'configured'>): MtKey | null {
  if (!status.configured || status.engine === 'none') return 'status.engines.none';
  return ENGINE_KEYS[status.engine] ?? null;
}

export function queueKey(queue: MtStatus['queue']): MtKey {
  if (queue === 'in-process') return 'status.queues.in_process';
  if (queue === 'bullmq') return 'status.queues.bullmq';
  return 'status.queues.none';
}

/** `fr` → 法语 (the browser's name in the UI language); the code itself when unknown, '' when none. */
export function languageName(code: string | null | undefined, locale = 'zh'): string {
  if (!code) return '';
  try {
    const names = new Intl.DisplayNames([locale.startsWith('en') ? 'en' : 'zh-CN'], { type: 'language' });
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
