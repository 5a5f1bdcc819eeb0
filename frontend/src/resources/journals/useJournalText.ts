// `useJournalText()`: `t('daily.title')`, the text of the current locale from `journals.*`, or the
// Chinese text of i18n.ts when the catalogue does not have the key (before the lead merges it).
import { createScopedText, fillMessage, type MessageArgs, messageAt, type MessageKey, type ScopedT } from '../shared/scopedText';
import { JOURNALS_I18N_PREFIX, type JournalMessages, journalsZh } from './i18n';

/** A key of the journal messages, e.g. `daily.title`. */
export type JournalKey = MessageKey<JournalMessages>;

export type JournalArgs = MessageArgs;

/** The Chinese text of `key` (the fallback while the catalogues do not hold the key yet). */
export const zhText = (key: JournalKey): string => messageAt(journalsZh, key);

/** `%{name}` interpolation of the fallback, as polyglot does it. */
export const interpolate = fillMessage;

export const useJournalText: () => ScopedT<JournalMessages> = createScopedText(JOURNALS_I18N_PREFIX, journalsZh);
