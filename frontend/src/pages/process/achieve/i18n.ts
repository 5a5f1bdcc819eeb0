// Messages of 成果管理 (/productProcess-achieve, issue 17; docs/achievements.md): `achieve.*` in the
// catalogues, with the tables below as the fallback of `useAchieveText`.

export const ACHIEVE_I18N_PREFIX = 'achieve';

export const achieveZh = {
  title: '成果管理',
  hint: '本部门审核通过的译文：按人员统计所选周期的领取、提交与审核数量，下方为成果列表，可检索、报送与导出',
  totals: '人员成果统计',
  totals_empty: '所选周期内没有翻译成果',
  totals_failed: '人员统计加载失败',
  search: '检索成果',
  search_placeholder: '标题或正文关键词，回车检索',
  export: '导出成果',
  exporting: '正在导出…',
  export_failed: '导出失败：%{message}',
  file_name: '成果列表',
  empty: '本部门还没有审核通过的译文',
};

export type AchieveMessages = typeof achieveZh;

export const achieveEn: AchieveMessages = {
  title: 'Achievements',
  hint: "Your department's reviewed translations: per person, what was claimed, submitted and reviewed in the period; below, the list to search, submit and export",
  totals: 'Per person',
  totals_empty: 'No translation work in this period',
  totals_failed: 'Could not load the figures per person',
  search: 'Search achievements',
  search_placeholder: 'Words of the title or text, Enter to search',
  export: 'Export',
  exporting: 'Exporting…',
  export_failed: 'Export failed: %{message}',
  file_name: 'achievements',
  empty: 'No reviewed translation yet',
};
