// `useCollectText()`: the collection system's messages (`collect.*`), falling back to i18n.ts.
import { createScopedText, type ScopedT } from '../../resources/shared/scopedText';
import { COLLECT_I18N_PREFIX, type CollectMessages, collectEn, collectZh } from './i18n';

export type CollectT = ScopedT<CollectMessages>;

export const useCollectText: () => CollectT = createScopedText(COLLECT_I18N_PREFIX, collectZh, collectEn);
