import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { DIALOGS_I18N_PREFIX, type DialogMessages, dialogsZh } from './i18n';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the dialog messages, e.g. `share.title`. */
export type DialogKey = Leaves<DialogMessages>;

export type DialogArgs = Record<string, string | number>;

/** The Chinese text of `key` (the fallback while the catalogues do not hold the key yet). */
export function zhText(key: DialogKey): string {
  let node: unknown = dialogsZh;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return typeof node === 'string' ? node : key;
}

/** `%{name}` interpolation of the fallback, as polyglot does it. */
export function interpolate(text: string, args: DialogArgs = {}): string {
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
}

/**
 * `t('share.title')`: the text of the current locale from `app.news_dialogs.*`, or the Chinese
 * text of i18n.ts when the catalogue does not have the key (before the lead merges it).
 */
export function useDialogText() {
  const translate = useTranslate();
  return useCallback(
    (key: DialogKey, args?: DialogArgs) => {
      const fallback = interpolate(zhText(key), args);
      const full = `${DIALOGS_I18N_PREFIX}.${key}`;
      const text = translate(full, { ...args, _: fallback });
      // a context without an i18nProvider answers the key itself
      return text === full ? fallback : text;
    },
    [translate],
  );
}
