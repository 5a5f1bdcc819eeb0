// `useManuscriptText()`: `t('submit.title')`, the text of the current locale from `manuscripts.*`,
// else the Chinese text of i18n.ts.
import { createScopedText, fillMessage, type MessageArgs, messageAt, type MessageKey, type ScopedT } from '../shared/scopedText';
import { MANUSCRIPTS_I18N_PREFIX, type ManuscriptMessages, manuscriptsZh } from './i18n';

/** A key of the manuscript messages, e.g. `submit.title`. */
export type ManuscriptKey = MessageKey<ManuscriptMessages>;

export type ManuscriptArgs = MessageArgs;

export type ManuscriptT = ScopedT<ManuscriptMessages>;

/** The Chinese text of `key` (the fallback while a catalogue does not hold the key). */
export const zhText = (key: ManuscriptKey): string => messageAt(manuscriptsZh, key);

/** `%{name}` interpolation of the fallback, as polyglot does it. */
export const interpolate = fillMessage;

export const useManuscriptText: () => ManuscriptT = createScopedText(MANUSCRIPTS_I18N_PREFIX, manuscriptsZh);
