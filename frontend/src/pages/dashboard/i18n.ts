// Messages of 首页 (/home/dashboard; docs/dashboard.md). The catalogues hold them as `dashboard.*`
// (zh.ts: `dashboard: dashboardZh`, en.ts: `dashboard: dashboardEn`); `useDashboardText` falls back
// to the tables below. Plain data: no screen code imported.

export const DASHBOARD_I18N_PREFIX = 'dashboard';

export const dashboardZh = {
  title: '首页',
  today: '统计日 %{day}，每 60 秒刷新',
  refresh: '刷新',
  failed: '首页数据加载失败',
  hidden: '无权查看',
  no_dept: '未设置工作部门',
  cards: {
    newsToday: '今日采集',
    warnedToday: '今日预警',
    translatedToday: '今日审核通过',
    awaitingReview: '待审核',
    journalsInProgress: '进行中的期刊',
    sources: '数据源状态',
    myQueue: '我的待办',
  },
  hints: {
    newsToday: '今日入库的新闻（不含噪音）',
    warnedToday: '本部门今日预警的新闻',
    translatedToday: '本部门今日审核通过的翻译',
    awaitingReview: '本部门提交待审核的翻译',
    journalsInProgress: '尚未定稿的期刊',
  },
  sources: {
    total: '总数',
    enabled: '启用',
    failing: '失败',
    all_ok: '全部数据源运行正常',
    none: '暂无数据源',
    failing_names: '失败：%{names}',
  },
  queue: {
    translating: '我的翻译',
    reviewing: '待我审核',
    empty: '暂无待办事项',
  },
};

export type DashboardMessages = typeof dashboardZh;

export const dashboardEn: DashboardMessages = {
  title: 'Dashboard',
  today: 'Day %{day}, refreshed every 60 s',
  refresh: 'Refresh',
  failed: 'Failed to load the dashboard',
  hidden: 'Not permitted',
  no_dept: 'No work department',
  cards: {
    newsToday: 'Collected today',
    warnedToday: 'Warned today',
    translatedToday: 'Approved today',
    awaitingReview: 'Awaiting review',
    journalsInProgress: 'Journals in progress',
    sources: 'Sources',
    myQueue: 'My queue',
  },
  hints: {
    newsToday: 'Items stored today (noise excluded)',
    warnedToday: "Items your department warned today",
    translatedToday: "Your department's translations approved today",
    awaitingReview: "Your department's translations waiting for review",
    journalsInProgress: 'Journals not yet finalised',
  },
  sources: {
    total: 'Total',
    enabled: 'Enabled',
    failing: 'Failing',
    all_ok: 'All sources are healthy',
    none: 'No sources yet',
    failing_names: 'Failing: %{names}',
  },
  queue: {
    translating: 'My translations',
    reviewing: 'To review',
    empty: 'Nothing to do',
  },
};
