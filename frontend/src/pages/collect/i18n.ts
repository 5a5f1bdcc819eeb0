// Messages of the data collection system (issue 16): its header, 数据统计, and — nested as
// `sources` — 数据源管理 (../../resources/collect-sources/i18n.ts). The catalogues hold them as
// `collect.*` (zh.ts: `collect: collectZh`, en.ts: `collect: collectEn`); `useCollectText` falls
// back to the tables below. Plain data: no screen code imported.
import { sourcesEn, sourcesZh } from '../../resources/collect-sources/i18n';

export const COLLECT_I18N_PREFIX = 'collect';

export const collectZh = {
  title: '数据采集系统',
  nav: {
    statistic: '数据统计',
    config: '采集配置',
  },
  menu: {
    open: '用户菜单',
    home: '返回首页',
    center: '个人中心',
    logout: '退出登录',
  },
  config_failed: '无法打开采集配置',
  stats: {
    title: '数据统计',
    range: '统计范围',
    days: '近 %{n} 天',
    refresh: '刷新',
    empty: '暂无数据',
    failed: '统计数据加载失败',
    per_day: '每天采集条目（按数据源）',
    others: '其他',
    by_language: '语言分布',
    by_country: '国家或地区分布',
    errors_per_day: '每天失败次数',
    errors: '失败次数',
    items: '条目',
    unknown: '未知',
    slowest: '最慢的数据源',
    silent: '沉默的数据源（7 天无新条目）',
    keywords: '本周热门关键词',
    col_name: '数据源',
    col_avg: '平均耗时',
    col_p95: '95 分位',
    col_runs: '运行次数',
    col_last_item: '最近新条目',
    never: '从未',
    ms: '%{n} 毫秒',
  },
  sources: sourcesZh,
};

export type CollectMessages = typeof collectZh;

export const collectEn: CollectMessages = {
  title: 'Data collection',
  nav: {
    statistic: 'Statistics',
    config: 'Collection settings',
  },
  menu: {
    open: 'User menu',
    home: 'Back to home',
    center: 'Personal centre',
    logout: 'Log out',
  },
  config_failed: 'Could not open the collection settings',
  stats: {
    title: 'Statistics',
    range: 'Range',
    days: 'Last %{n} days',
    refresh: 'Refresh',
    empty: 'No data',
    failed: 'Could not load the statistics',
    per_day: 'Items collected per day (by source)',
    others: 'Others',
    by_language: 'By language',
    by_country: 'By country or region',
    errors_per_day: 'Failed runs per day',
    errors: 'Failures',
    items: 'Items',
    unknown: 'Unknown',
    slowest: 'Slowest sources',
    silent: 'Silent sources (no new item for 7 days)',
    keywords: 'Top keywords this week',
    col_name: 'Source',
    col_avg: 'Average',
    col_p95: '95th percentile',
    col_runs: 'Runs',
    col_last_item: 'Last new item',
    never: 'Never',
    ms: '%{n} ms',
  },
  sources: sourcesEn,
};
