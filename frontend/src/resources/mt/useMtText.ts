// `useMtText()`: the screen's messages (`mt.*`) from the app catalogues, falling back to the text of
// i18n.ts in the UI language when the catalogue does not hold the key (and in tests without one).
import { useCallback } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { MT_I18N_PREFIX, mtEn, type MtMessages, mtZh } from './i18n';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the screen's messages, e.g. `status.engine`. */
export type MtKey = Leaves<MtMessages>;

export type MtArgs = Record<string, string | number>;

export type MtT = (key: MtKey, args?: MtArgs) => string;

/** The text of `key` in a message table (the key itself when missing). */
export function messageOf(messages: MtMessages, key: MtKey): string {
  let node: unknown = messages;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}

/** `%{name}` placeholders filled, as polyglot does. */
export function fill(text: string, args: MtArgs = {}): string {
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
}

export function useMtText(): MtT {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useCallback(
    (key, args) => {
      const fallback = fill(messageOf(locale?.startsWith('en') ? mtEn : mtZh, key), args);
      const full = `${MT_I18N_PREFIX}.${key}`;
      const text = translate(full, { ...args, _: fallback });
      // a context without an i18nProvider answers the key itself
      return text === full ? fallback : text;
    },
    [translate, locale],
  );
}
