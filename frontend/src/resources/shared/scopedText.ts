// `createScopedText(prefix, zh, en?)`: the `use*Text()` hook of a screen folder whose messages live
// under `prefix.*` in the app catalogues. A key the catalogue does not hold (and every key in a
// context without an i18nProvider, as in tests) falls back to the folder's own table: the English
// one when given and the UI language is English, else the Chinese one.
import { useCallback } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';

/** The dotted keys of the string leaves of a message table, e.g. `list.search`. */
export type MessageKey<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : MessageKey<T[K], `${P}${K}.`>;
}[keyof T & string];

export type MessageArgs = Record<string, string | number>;

export type ScopedT<M> = (key: MessageKey<M>, args?: MessageArgs) => string;

/** The text of `key` in a message table (the key itself when missing). */
export function messageAt(messages: object, key: string): string {
  let node: unknown = messages;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}

/** `%{name}` placeholders filled, as polyglot does. */
export function fillMessage(text: string, args: MessageArgs = {}): string {
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
}

/** Every dotted key of the string leaves of a message table (for the catalogue tests). */
export function leafKeys(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    value && typeof value === 'object' ? leafKeys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** The hook `t(key, args)` of the messages under `prefix.*`, with the fallback described above. */
export function createScopedText<M extends object>(prefix: string, zh: M, en?: M): () => ScopedT<M> {
  return function useScopedText() {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const fallbackTable = en && locale?.startsWith('en') ? en : zh;
    return useCallback(
      (key: MessageKey<M>, args?: MessageArgs) => {
        const fallback = fillMessage(messageAt(fallbackTable, key), args);
        const full = `${prefix}.${key}`;
        const text = translate(full, { ...args, _: fallback });
        // a context without an i18nProvider answers the key itself
        return text === full ? fallback : text;
      },
      [translate, fallbackTable],
    );
  };
}
