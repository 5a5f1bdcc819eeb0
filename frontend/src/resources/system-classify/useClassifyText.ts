// `useClassifyText()`: the screen's messages (`classify.*`) from the app catalogues, falling back to i18n.ts.
import { createScopedText, type MessageKey, type ScopedT } from '../shared/scopedText';
import { classifyEn, type ClassifyMessages, classifyZh } from './i18n';

export type ClassifyKey = MessageKey<ClassifyMessages>;
export type ClassifyT = ScopedT<ClassifyMessages>;

export const useClassifyText = createScopedText('classify', classifyZh, classifyEn);
