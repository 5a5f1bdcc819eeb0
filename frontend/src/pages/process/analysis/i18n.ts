// Messages of 查询统计 (/pro/analysis), merged into the catalogues as `analysis: analysisZh`
// (zh.ts) and `analysis: analysisEn` (en.ts); `useAnalysisText` falls back to these tables.
import { createScopedText, type ScopedT } from '../../../resources/shared/scopedText';

export const analysisZh = {
  title: '查询统计',
  hint: '按检索词、分类、来源、国家、语种和发布日期统计新闻的关注度与分布；下方列出命中的新闻。',
  query: {
    keyword: '检索词',
    keyword_placeholder: '输入检索词，如：芯片 出口管制',
    classify: '分类',
    source: '来源网站',
    country: '国家',
    language: '语种',
    period: '发布日期',
    start: '开始日期',
    end: '结束日期',
    to: '至',
    preset: '近 %{n} 天',
    search: '查询',
    reset: '重置',
    export: '导出统计',
    exporting: '正在导出…',
    all: '全部',
    loading: '加载中…',
    none: '无匹配项',
  },
  figures: {
    timeline: '关注度趋势（每天新闻条数）',
    source: '来源分布',
    country: '国家分布',
    classify: '分类分布',
    language: '语种分布',
    keywords: '共现关键词',
    items: '条数',
    total: '共 %{n} 条',
    empty: '暂无数据',
    failed: '统计数据加载失败',
    list: '命中的新闻',
    list_empty: '没有符合条件的新闻',
  },
  errors: {
    period: '开始日期不能晚于结束日期',
    export_failed: '导出失败',
  },
  file: '查询统计',
};

export type AnalysisMessages = typeof analysisZh;

export const analysisEn: AnalysisMessages = {
  title: 'Query statistics',
  hint: 'Attention and distribution of news by keywords, classes, sources, countries, languages and publish dates; the matching items are listed below.',
  query: {
    keyword: 'Keywords',
    keyword_placeholder: 'Search text, e.g. chips export controls',
    classify: 'Classes',
    source: 'Sources',
    country: 'Countries',
    language: 'Languages',
    period: 'Published',
    start: 'Start date',
    end: 'End date',
    to: 'to',
    preset: 'Last %{n} days',
    search: 'Search',
    reset: 'Reset',
    export: 'Export figures',
    exporting: 'Exporting…',
    all: 'All',
    loading: 'Loading…',
    none: 'No match',
  },
  figures: {
    timeline: 'Attention over time (items per day)',
    source: 'By source',
    country: 'By country',
    classify: 'By class',
    language: 'By language',
    keywords: 'Co-occurring keywords',
    items: 'Items',
    total: '%{n} items',
    empty: 'No data',
    failed: 'The figures could not be loaded',
    list: 'Matching items',
    list_empty: 'No news matches the query',
  },
  errors: {
    period: 'The start date cannot be after the end date',
    export_failed: 'Export failed',
  },
  file: 'Query statistics',
};

export const ANALYSIS_I18N_PREFIX = 'analysis';

export type AnalysisT = ScopedT<AnalysisMessages>;

export const useAnalysisText: () => AnalysisT = createScopedText(ANALYSIS_I18N_PREFIX, analysisZh, analysisEn);
