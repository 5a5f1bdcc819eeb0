// Messages of 新闻订阅 (/pro/subscribe, issue 17; docs/subscriptions.md). The catalogues hold them as
// `subscribe.*` (zh.ts: `subscribe: subscribeZh`, en.ts: `subscribe: subscribeEn`); `useSubscribeText`
// falls back to the tables below. Plain data: no screen code imported.

export const SUBSCRIBE_I18N_PREFIX = 'subscribe';

export const subscribeZh = {
  title: '新闻订阅',
  search: '搜索',
  search_placeholder: '筛选当前标签页',
  by: {
    label: '订阅方式',
    website: '按网站',
    category: '按分类',
    theme: '按主题',
  },
  tabs: {
    mine: '我的订阅',
    website: '网站',
    category: '分类',
  },
  all: '全部',
  loading: '加载中…',
  failed: '订阅设置加载失败',
  saved: '订阅已更新',
  save_failed: '保存失败：%{message}',
  mine: {
    websites: '订阅的网站',
    categories: '订阅的分类',
    themes: '订阅的主题',
    none: '暂未订阅',
    remove: '取消订阅 %{name}',
    empty_title: '还没有订阅任何内容',
    empty_hint: '按网站、分类或主题订阅后，相关新闻会出现在新闻首页的“关注”标签中',
    view_news: '查看订阅的新闻',
  },
  frequency: {
    label: '新内容提醒',
    realtime: '实时提醒',
    hourly: '每小时汇总',
    daily: '每日汇总',
    never: '不提醒',
    hint: '有新的订阅内容时，以站内消息提醒您',
    saved: '提醒频率已设置为：%{label}',
  },
  website: {
    count: '共 %{n} 个网站，已订阅 %{m} 个',
    empty: '没有匹配的网站',
  },
  category: {
    count: '已订阅 %{m} 个分类（含其下级分类）',
    empty: '没有匹配的分类',
  },
  theme: {
    keywords: '主题关键词',
    subscribe: '订阅此主题',
    subscribed: '已订阅',
    latest: '最新相关新闻',
    no_news: '暂无相关新闻',
    none: '还没有新闻主题，管理员可在“系统管理 / 新闻主题”中添加',
    empty: '没有匹配的主题',
    total: '共 %{n} 条',
  },
};

export type SubscribeMessages = typeof subscribeZh;

export const subscribeEn: SubscribeMessages = {
  title: 'News subscriptions',
  search: 'Search',
  search_placeholder: 'Filter the current tab',
  by: {
    label: 'Subscribe by',
    website: 'By website',
    category: 'By category',
    theme: 'By theme',
  },
  tabs: {
    mine: 'My subscriptions',
    website: 'Websites',
    category: 'Categories',
  },
  all: 'All',
  loading: 'Loading…',
  failed: 'Could not load the subscriptions',
  saved: 'Subscriptions updated',
  save_failed: 'Could not save: %{message}',
  mine: {
    websites: 'Websites',
    categories: 'Categories',
    themes: 'Themes',
    none: 'None yet',
    remove: 'Unsubscribe %{name}',
    empty_title: 'Nothing subscribed yet',
    empty_hint: 'Subscribe by website, category or theme; the items appear in the Interest tab of the news index',
    view_news: 'View subscribed news',
  },
  frequency: {
    label: 'Tell me about new items',
    realtime: 'Right away',
    hourly: 'Hourly digest',
    daily: 'Daily digest',
    never: 'Never',
    hint: 'A notice in the app when new subscribed items arrive',
    saved: 'Notices: %{label}',
  },
  website: {
    count: '%{n} websites, %{m} subscribed',
    empty: 'No matching website',
  },
  category: {
    count: '%{m} categories subscribed (with their subcategories)',
    empty: 'No matching category',
  },
  theme: {
    keywords: 'Keywords',
    subscribe: 'Subscribe to this theme',
    subscribed: 'Subscribed',
    latest: 'Latest items',
    no_news: 'No items yet',
    none: 'No news themes yet; administrators add them under System / News themes',
    empty: 'No matching theme',
    total: '%{n} in all',
  },
};
