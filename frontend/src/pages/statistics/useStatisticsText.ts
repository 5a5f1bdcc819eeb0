// `useStatisticsText()`: the statistics page's messages (`statistics.*`), falling back to i18n.ts.
import { createScopedText, type ScopedT } from '../../resources/shared/scopedText';
import { STATISTICS_I18N_PREFIX, type StatisticsMessages, statisticsEn, statisticsZh } from './i18n';

export type StatisticsT = ScopedT<StatisticsMessages>;

export const useStatisticsText: () => StatisticsT = createScopedText(STATISTICS_I18N_PREFIX, statisticsZh, statisticsEn);
