import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { MANUSCRIPTS_I18N_PREFIX, type ManuscriptMessages, manuscriptsZh } from './i18n';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the manuscript messages, e.g. `submit.title`. */
export type ManuscriptKey = Leaves<ManuscriptMessages>;

export type ManuscriptArgs = Record<string, string | number>;

export type ManuscriptT = (key: ManuscriptKey, args?: ManuscriptArgs) => string;

/** The Chinese text of `key` (the fallback while a catalogue does not hold the key). */
export function zhText(key: ManuscriptKey): string {
  let node: unknown = manuscriptsZh;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}

/** `%{name}` interpolation of the fallback, as polyglot does it. */
export function interpolate(text: string, args: ManuscriptArgs = {}): string {
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
}

/** `t('submit.title')`: the text of the current locale from `manuscripts.*`, else the Chinese text. */
export function useManuscriptText(): ManuscriptT {
  const translate = useTranslate();
  return useCallback(
    (key: ManuscriptKey, args?: ManuscriptArgs) => {
      const fallback = interpolate(zhText(key), args);
      const full = `${MANUSCRIPTS_I18N_PREFIX}.${key}`;
      const text = translate(full, { ...args, _: fallback });
      // a context without an i18nProvider answers the key itself
      return text === full ? fallback : text;
    },
    [translate],
  );
}
