// `useProductText()`: the product screens' messages (`products.*`) from the app catalogues, falling
// back to the text of i18n.ts in the UI language when the catalogue does not hold the key (and in
// tests without one).
import { useCallback } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { PRODUCTS_I18N_PREFIX, type ProductMessages, productsEn, productsZh } from './i18n';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the product messages, e.g. `list.search`. */
export type ProductKey = Leaves<ProductMessages>;

export type ProductArgs = Record<string, string | number>;

export type ProductT = (key: ProductKey, args?: ProductArgs) => string;

/** The text of `key` in a message table (the key itself when missing). */
export function messageOf(messages: ProductMessages, key: ProductKey): string {
  let node: unknown = messages;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}

/** `%{name}` placeholders filled, as polyglot does. */
export function fill(text: string, args: ProductArgs = {}): string {
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
}

export function useProductText(): ProductT {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useCallback(
    (key, args) => {
      const fallback = fill(messageOf(locale?.startsWith('en') ? productsEn : productsZh, key), args);
      const full = `${PRODUCTS_I18N_PREFIX}.${key}`;
      const text = translate(full, { ...args, _: fallback });
      // a context without an i18nProvider answers the key itself
      return text === full ? fallback : text;
    },
    [translate, locale],
  );
}
