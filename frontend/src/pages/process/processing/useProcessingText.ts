// `useProcessingText()`: 动态加工's messages (`processing.*`), falling back to i18n.ts.
import { createScopedText, type ScopedT } from '../../../resources/shared/scopedText';
import { PROCESSING_I18N_PREFIX, type ProcessingMessages, processingEn, processingZh } from './i18n';

export type ProcessingT = ScopedT<ProcessingMessages>;

export const useProcessingText: () => ProcessingT = createScopedText(PROCESSING_I18N_PREFIX, processingZh, processingEn);
