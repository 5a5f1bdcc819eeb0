// `useTransText()`: the workbench's messages (`news.translation.*`), falling back to the text of
// i18n.ts in the UI language while the app catalogues do not hold them.
import { useCallback } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { TRANSLATION_I18N_PREFIX, translationEn, type TranslationMessages, translationZh } from './i18n';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the workbench messages, e.g. `actions.claim`. */
export type TransKey = Leaves<TranslationMessages>;

export type TransArgs = Record<string, string | number>;

/** The text of `key` in a message table (the key itself when missing). */
export function messageOf(messages: TranslationMessages, key: TransKey): string {
  let node: unknown = messages;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}

/** `%{name}` placeholders filled, as polyglot does. */
export function fill(text: string, args: TransArgs = {}): string {
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
}

export type TransT = (key: TransKey, args?: TransArgs) => string;

export function useTransText(): TransT {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useCallback(
    (key, args) => {
      const fallback = fill(messageOf(locale?.startsWith('en') ? translationEn : translationZh, key), args);
      const full = `${TRANSLATION_I18N_PREFIX}.${key}`;
      const text = translate(full, { ...args, _: fallback });
      // a context without an i18nProvider answers the key itself
      return text === full ? fallback : text;
    },
    [translate, locale],
  );
}
