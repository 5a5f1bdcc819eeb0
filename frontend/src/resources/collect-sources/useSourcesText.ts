// `useSourcesText()`: 数据源管理's messages (`collect.sources.*`), falling back to i18n.ts.
import { createScopedText, type ScopedT } from '../shared/scopedText';
import { SOURCES_I18N_PREFIX, type SourcesMessages, sourcesEn, sourcesZh } from './i18n';

export type SourcesT = ScopedT<SourcesMessages>;

export const useSourcesText: () => SourcesT = createScopedText(SOURCES_I18N_PREFIX, sourcesZh, sourcesEn);
