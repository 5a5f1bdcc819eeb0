// `useDashboardText()`: the dashboard's messages (`dashboard.*`), falling back to i18n.ts.
import { createScopedText, type ScopedT } from '../../resources/shared/scopedText';
import { DASHBOARD_I18N_PREFIX, type DashboardMessages, dashboardEn, dashboardZh } from './i18n';

export type DashboardT = ScopedT<DashboardMessages>;

export const useDashboardText: () => DashboardT = createScopedText(DASHBOARD_I18N_PREFIX, dashboardZh, dashboardEn);
