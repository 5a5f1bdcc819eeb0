// Messages of 动态加工 (/pro/product, issue 17; docs/processing.md). The catalogues hold them as
// `processing.*` (zh.ts / en.ts); `useProcessingText` falls back to the tables below.

export const PROCESSING_I18N_PREFIX = 'processing';

export const processingZh = {
  title: '动态加工',
  hint: '本部门精选新闻的加工流程：领取翻译、提交审核、审核通过后报送产品',
  stages: {
    label: '加工阶段',
    todo: '待翻译',
    editing: '翻译中',
    review: '待审核',
    reviewed: '已审核',
    submitted: '已报送',
  },
  empty: {
    todo: '没有待翻译的精选新闻，可在新闻列表中精选新闻',
    editing: '没有正在翻译的新闻',
    review: '没有待审核的译文',
    reviewed: '没有已审核待报送的新闻',
    submitted: '还没有报送的稿件',
  },
  submitted: {
    title: '标题',
    product: '产品',
    columns: '栏目',
    submitter: '报送人',
    time: '报送时间',
    failed: '已报送稿件加载失败',
    open: '在稿件管理中查看',
  },
  counts_failed: '阶段统计加载失败',
};

export type ProcessingMessages = typeof processingZh;

export const processingEn: ProcessingMessages = {
  title: 'Processing',
  hint: "Your department's chosen items: claim a translation, submit it for review, submit reviewed items to a product",
  stages: {
    label: 'Stage',
    todo: 'To translate',
    editing: 'Translating',
    review: 'To review',
    reviewed: 'Reviewed',
    submitted: 'Submitted',
  },
  empty: {
    todo: 'No chosen item waits for translation; choose items in the news list',
    editing: 'Nothing is being translated',
    review: 'No translation waits for review',
    reviewed: 'No reviewed item waits for submission',
    submitted: 'Nothing submitted yet',
  },
  submitted: {
    title: 'Title',
    product: 'Product',
    columns: 'Columns',
    submitter: 'Submitted by',
    time: 'Submitted at',
    failed: 'Could not load the submitted manuscripts',
    open: 'Open in manuscript management',
  },
  counts_failed: 'Could not load the stage counts',
};
