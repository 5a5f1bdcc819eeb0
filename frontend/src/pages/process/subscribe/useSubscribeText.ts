// `useSubscribeText()`: the subscription page's messages (`subscribe.*`), falling back to i18n.ts.
import { createScopedText, type ScopedT } from '../../../resources/shared/scopedText';
import { SUBSCRIBE_I18N_PREFIX, type SubscribeMessages, subscribeEn, subscribeZh } from './i18n';

export type SubscribeT = ScopedT<SubscribeMessages>;

export const useSubscribeText: () => SubscribeT = createScopedText(SUBSCRIBE_I18N_PREFIX, subscribeZh, subscribeEn);
