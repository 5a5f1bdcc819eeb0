// `useWorkbenchText()`: `t('header.generate')`, the text of the current locale from `workbench.*`,
// else the table of i18n.ts (English when the UI is English).
import { createScopedText, fillMessage, messageAt, type MessageKey, type ScopedT } from '../shared/scopedText';
import { WORKBENCH_I18N_PREFIX, workbenchEn, type WorkbenchMessages, workbenchZh } from './i18n';

/** A key of the workbench messages, e.g. `header.generate`. */
export type WorkbenchKey = MessageKey<WorkbenchMessages>;

export type WorkbenchT = ScopedT<WorkbenchMessages>;

/** The Chinese text of `key` (the fallback while a catalogue does not hold the key). */
export const zhText = (key: WorkbenchKey): string => messageAt(workbenchZh, key);

/** `%{name}` interpolation of the fallback, as polyglot does it. */
export const interpolate = fillMessage;

export const useWorkbenchText: () => WorkbenchT = createScopedText(WORKBENCH_I18N_PREFIX, workbenchZh, workbenchEn);
