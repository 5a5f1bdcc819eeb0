// The translation workbench (/pro/news/detailFull/{id}, and the detail page with ?trans=true): the
// original on the left, 机器翻译 / 人工翻译 on the right scrolling with it, the department's
// translation state in the header and the workflow buttons (spec §4): 我要翻译, 保存 (Ctrl+S / ⌘S),
// 提交审核, 释放, 审核 / 重新审核 (only after the 人工翻译 tab was shown), 版本历史, 下载 Word; the
// department's Chinese title above the editor, saved with the text. Opened through a list row's 审核
// (`&review=true`) it shows the 人工翻译 tab first, with a banner carrying the 审核 button.
// Loaded on demand (React.lazy in NewsDetailPage): TipTap travels in this chunk only.
import { Box } from '@mui/material';
import type { NewsUser } from '../access';
import type { NewsInfo } from '../types';
import { VersionHistoryDialog } from './VersionHistoryDialog';
import { useWorkbench } from './workbench/useWorkbench';
import { WorkbenchConfirms } from './workbench/WorkbenchConfirms';
import { WorkbenchHeader } from './workbench/WorkbenchHeader';
import { WorkbenchPanes } from './workbench/WorkbenchPanes';

export { MT_POLL_MS } from './workbench/useMachineTranslation';
export { MtNotConfigured } from './workbench/MachinePane';

export interface TranslationWorkbenchProps {
  /** The item (`api/news/info`) as the detail page loaded it. */
  info: NewsInfo;
  user: NewsUser;
  /**
   * Opened to review (a list row's 审核, `&review=true`): the 人工翻译 tab is shown first, which is
   * the spec's "view the manual translation before reviewing" (the reviewer has the text in front
   * of them). Any other entry starts on 机器翻译 and 审核 warns until 人工翻译 is opened.
   */
  reviewEntry?: boolean;
}

/** The workbench: its logic in workbench/useWorkbench.ts, its parts beside it. */
export function TranslationWorkbench({ info, user, reviewEntry = false }: TranslationWorkbenchProps) {
  const wb = useWorkbench(info, user, reviewEntry);
  return (
    <Box sx={{ maxWidth: 1600, mx: 'auto', px: { xs: 1, sm: 1.5 }, pt: 0.5, pb: 1.5 }} data-testid="translation-workbench">
      <WorkbenchHeader info={info} wb={wb} />
      <WorkbenchPanes info={info} user={user} wb={wb} />
      <VersionHistoryDialog open={wb.historyOpen} onClose={() => wb.setHistoryOpen(false)} newsId={info.id} deptId={wb.deptId} hasDraft={wb.status === 'edit'} />
      <WorkbenchConfirms wb={wb} />
    </Box>
  );
}
