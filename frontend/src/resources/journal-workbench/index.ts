// The journal workbench area (spec production-admin §2 "Journal editing page"). The app mounts the
// page through pages/production/JournalWorkbenchPage (lazily, at `/product/manuscript` and
// `/pro/setManu`), which passes the daily journal picker of 同步日刊. The folder is not called
// `workbench`: the lint boundary patterns (`**/<area>/**`) would then also match news' own
// `translation/workbench/` folder.
export { WorkbenchPage, type DailyDialogProps, type WorkbenchPageProps } from './WorkbenchPage';
export { WORKBENCH_I18N_PREFIX, workbenchEn, workbenchZh, type WorkbenchMessages } from './i18n';
