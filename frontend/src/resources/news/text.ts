// `useNewsT()`: the news screens' messages (`news.*`), with the Chinese text of i18n.ts as the
// fallback while the keys are not in the app catalogues.
import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { newsZh } from './i18n';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type NewsKey = Leaves<typeof newsZh>;

/** The Chinese text of a key (the fallback). */
export function zhText(key: NewsKey): string {
  let node: unknown = newsZh;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}

/** `%{name}` placeholders filled (the fallback path and tests). */
export function fillText(text: string, args: Record<string, unknown> = {}): string {
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
}

export type NewsT = (key: NewsKey, args?: Record<string, unknown>) => string;

export function useNewsT(): NewsT {
  const translate = useTranslate();
  return useCallback(
    (key, args) => {
      const fallback = fillText(zhText(key), args);
      const text = translate(`news.${key}`, { ...args, _: fallback });
      // a provider that ignores `_` answers the key itself
      return text === `news.${key}` ? fallback : text;
    },
    [translate],
  );
}
