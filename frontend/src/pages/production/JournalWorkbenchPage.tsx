// 期刊编辑 (the journal workbench, `/product/manuscript` in the admin layout and `/pro/setManu` in the
// process shell): a page, not a screen folder. It hosts the workbench screen and hands it the
// journal screens' daily journal picker for 同步日刊 — the two areas do not import each other.
import { DailyJournalDialog } from '../../resources/journals/DailyJournalDialog';
import { WorkbenchPage } from '../../resources/journal-workbench/WorkbenchPage';

export function JournalWorkbenchPage() {
  return <WorkbenchPage dailyDialog={DailyJournalDialog} />;
}
