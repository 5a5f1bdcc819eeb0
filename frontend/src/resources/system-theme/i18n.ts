// Messages of the 新闻主题 screen (系统管理 → 新闻主题, /system/theme), zh-CN first. The catalogues
// hold them as `newsTheme.*` (zh.ts: `newsTheme: themeZh`, en.ts: `newsTheme: themeEn`). Plain data.

export const themeZh = {
  title: '新闻主题',
  hint: '主题由关键词定义：新闻按主题浏览时，标题或正文含任一关键词的新闻归入该主题。',
  search: { title: '主题名称', title_placeholder: '输入主题名称搜索' },
  col: { title: '主题名称', keywords: '关键词', seq: '排序', create_time: '创建时间', actions: '操作' },
  more_keywords: '+%{count}',
  no_keywords: '（无关键词）',
  empty: '暂无主题',
  form: {
    create_title: '新增主题',
    edit_title: '编辑主题',
    title: '主题名称',
    keywords: '关键词',
    keywords_hint: '每行一个，或用逗号、顿号分隔；重复的只保留一个',
    seq: '排序',
    seq_hint: '数字越小越靠前',
    title_required: '请输入主题名称',
    title_too_long: '主题名称不能超过 100 个字符',
    keywords_too_many: '关键词不能超过 200 个',
    keyword_too_long: '每个关键词不能超过 100 个字符',
    seq_invalid: '请输入 0 到 99999 之间的整数',
  },
  batch: {
    button: '批量新增',
    title: '批量新增主题',
    text: '主题',
    hint: '每行一个主题：主题名称，冒号后写关键词（逗号或顿号分隔），如“北极航道：北极，Arctic”。已存在的主题会跳过。',
    required: '请至少输入一个主题',
    too_many: '一次最多新增 1000 个主题',
    line_error: '第 %{line} 行：%{message}',
    done: '新增 %{created} 个主题',
    done_skipped: '新增 %{created} 个主题，%{skipped} 个已存在，已跳过',
  },
};

export type ThemeMessages = typeof themeZh;

export const themeEn: ThemeMessages = {
  title: 'News themes',
  hint: 'A theme is defined by its keywords: browsing by theme lists the items whose title or text holds one of them.',
  search: { title: 'Theme', title_placeholder: 'Search by theme name' },
  col: { title: 'Theme', keywords: 'Keywords', seq: 'Order', create_time: 'Created', actions: 'Actions' },
  more_keywords: '+%{count}',
  no_keywords: '(no keywords)',
  empty: 'No themes',
  form: {
    create_title: 'Add theme',
    edit_title: 'Edit theme',
    title: 'Theme name',
    keywords: 'Keywords',
    keywords_hint: 'One a line, or separated by commas; repeats are kept once',
    seq: 'Order',
    seq_hint: 'Smaller numbers come first',
    title_required: 'Enter the theme name',
    title_too_long: 'The theme name has at most 100 characters',
    keywords_too_many: 'At most 200 keywords',
    keyword_too_long: 'Each keyword has at most 100 characters',
    seq_invalid: 'Enter a whole number from 0 to 99999',
  },
  batch: {
    button: 'Batch add',
    title: 'Add themes in a batch',
    text: 'Themes',
    hint: 'One theme a line: its name, then after a colon its keywords separated by commas, e.g. “Arctic route: Arctic, 北极”. Existing themes are skipped.',
    required: 'Enter at least one theme',
    too_many: 'At most 1000 themes at a time',
    line_error: 'Line %{line}: %{message}',
    done: 'Added %{created} themes',
    done_skipped: 'Added %{created} themes; %{skipped} already existed and were skipped',
  },
};
