import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { JOURNALS_I18N_PREFIX, type JournalMessages, journalsZh } from './i18n';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the journal messages, e.g. `daily.title`. */
export type JournalKey = Leaves<JournalMessages>;

export type JournalArgs = Record<string, string | number>;

/** The Chinese text of `key` (the fallback while the catalogues do not hold the key yet). */
export function zhText(key: JournalKey): string {
  let node: unknown = journalsZh;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}

/** `%{name}` interpolation of the fallback, as polyglot does it. */
export function interpolate(text: string, args: JournalArgs = {}): string {
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
}

/**
 * `t('daily.title')`: the text of the current locale from `journals.*`, or the Chinese text of
 * i18n.ts when the catalogue does not have the key (before the lead merges it).
 */
export function useJournalText() {
  const translate = useTranslate();
  return useCallback(
    (key: JournalKey, args?: JournalArgs) => {
      const fallback = interpolate(zhText(key), args);
      const full = `${JOURNALS_I18N_PREFIX}.${key}`;
      const text = translate(full, { ...args, _: fallback });
      // a context without an i18nProvider answers the key itself
      return text === full ? fallback : text;
    },
    [translate],
  );
}
