import { Suspense, useState } from 'react';
import { Box, Drawer } from '@mui/material';
import { line } from '../../theme/theme';
import { ClassifyDialog } from './dialogs/ClassifyDialog';
import { EditTagsDialog } from './dialogs/EditTagsDialog';
import { NoiseDeleteDialog } from './dialogs/NoiseDeleteDialog';
import { ShareDialog } from './dialogs/ShareDialog';
import { BulkBar } from './list/BulkBar';
import { NewsTable } from './list/NewsTable';
import { ResizeHandle } from './list/ResizeHandle';
import { type DialogState, PANEL_WIDTH_KEY, useNewsList } from './list/useNewsList';
import { type ListState, pageSizesFor, withPage, withSize } from './listState';
import { useNewsPushDialog } from '../shared/newsPush';
import { ListPager } from '../shared/pager/ListPager';
import { NewsSidePanel } from './NewsSidePanel';
import { useNewsT } from './text';
import type { usePatchNews } from './useNewsActions';

export interface NewsListProps {
  state: ListState;
  onChange: (next: ListState) => void;
  /** `type` of the list when the menu does not imply it (personal centre). */
  type?: string;
  /** Further fixed query fields (personal centre: `isTrans`, `isRead`, …). */
  extraQuery?: Record<string, string | number>;
  /** Text of the empty list (default per tab). */
  emptyText?: string;
  /** Space kept below the list (px) when it fills the window. */
  bottomGap?: number;
}

/**
 * A news list (`GET api/news/list`): sort bar, multi-select with bulk track / collect / share, the
 * row table filling the window, pagination, and the side panel of the clicked row. The state lives
 * in the route (listState.ts); rows are updated in place after every action. The logic lives in
 * list/useNewsList.ts, the parts beside it.
 */
export function NewsList({ state, onChange, type, extraQuery, emptyText, bottomGap = 12 }: NewsListProps) {
  const t = useNewsT();
  const model = useNewsList({ state, type, extraQuery, bottomGap });
  const { activeRow, narrow, areaRef, selection } = model;
  const go = (next: ListState) => {
    if (next !== state) onChange(next);
  };

  const listColumn = (
    <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', height: '100%' }}>
      <BulkBar model={model} state={state} go={go} push={{ button: t('bulk.push'), notDone: t('bulk.push_not_done') }} t={t} />
      <NewsTable model={model} state={state} emptyText={emptyText} go={go} t={t} />
      <Box sx={{ borderTop: line() }}>
        <ListPager
          total={model.total}
          exact={model.page?.totalExact !== false}
          page={state.page}
          size={state.size}
          sizes={pageSizesFor(state.curMenu)}
          disabled={model.loadingFirst}
          onPage={(p) => go(p === state.page ? state : withPage(state, p, Math.max(model.pageCount, state.page)))}
          onSize={(s) => go(s === state.size ? state : withSize(state, s))}
        />
      </Box>
    </Box>
  );

  const panel = activeRow && (
    <NewsSidePanel key={activeRow.id} row={activeRow} deptId={model.user.deptId} canTranslate={model.user.abilities.translate} onClose={() => model.setActive(null)} />
  );

  return (
    <Box ref={areaRef} data-testid="news-list" sx={{ display: 'flex', height: model.height, minHeight: 0 }}>
      {listColumn}
      {panel && !narrow && (
        <>
          <ResizeHandle
            label={t('panel.resize')}
            onResize={(percent) => model.setPanelWidth(percent)}
            onDone={(percent) => localStorage.setItem(PANEL_WIDTH_KEY, String(Math.round(percent)))}
            container={areaRef}
          />
          <Box sx={{ width: `${model.panelWidth}%`, flexShrink: 0, minWidth: 320, height: '100%', borderLeft: line() }}>{panel}</Box>
        </>
      )}
      {narrow && (
        <Drawer anchor="right" open={!!panel} onClose={() => model.setActive(null)} slotProps={{ paper: { sx: { width: { xs: '100%', sm: '85%' } } } }}>
          {panel}
        </Drawer>
      )}
      <ListDialogs
        dialog={model.dialog}
        onClose={model.closeDialog}
        onPatch={model.patch}
        onRemoved={model.removed}
        onPushed={(bulk) => {
          if (bulk) selection.clear();
        }}
      />
    </Box>
  );
}

/** The dialogs of the list (owned by the dialogs module); this list only opens them and applies their result. */
function ListDialogs({
  dialog,
  onClose,
  onPatch,
  onRemoved,
  onPushed,
}: {
  dialog: DialogState;
  onClose: () => void;
  onPatch: ReturnType<typeof usePatchNews>;
  onRemoved: (id: number) => void;
  /** After 投稿成功; `bulk` when the dialog came from 批量报送. */
  onPushed: (bulk: boolean) => void;
}) {
  const shareRows = dialog?.kind === 'share' ? dialog.rows : [];
  const pushRows = dialog?.kind === 'push' ? dialog.rows : [];
  const pushBulk = dialog?.kind === 'push' && dialog.bulk;
  // mounted from the first 报送 on (it keeps its closing transition)
  const [pushUsed, setPushUsed] = useState(false);
  if (dialog?.kind === 'push' && !pushUsed) setPushUsed(true);
  // 报送's dialog belongs to the manuscript screens: the shell provides it (shared/newsPush.ts)
  const PushDialog = useNewsPushDialog();
  const tagsRow = dialog?.kind === 'tags' ? dialog.row : null;
  const classifyRow = dialog?.kind === 'classify' ? dialog.row : null;
  const noiseRow = dialog?.kind === 'noise' || dialog?.kind === 'delete' ? dialog.row : null;
  return (
    <>
      <ShareDialog open={dialog?.kind === 'share'} news={shareRows} onClose={onClose} onShared={onClose} />
      {pushUsed && PushDialog && (
        <Suspense fallback={null}>
          <PushDialog open={dialog?.kind === 'push'} news={pushRows} onClose={onClose} onSubmitted={() => onPushed(pushBulk)} />
        </Suspense>
      )}
      <EditTagsDialog
        open={!!tagsRow}
        news={tagsRow}
        onClose={onClose}
        onSaved={(value) => {
          if (tagsRow) onPatch(tagsRow.id, value);
          onClose();
        }}
      />
      <ClassifyDialog
        open={!!classifyRow}
        news={classifyRow}
        onClose={onClose}
        onSaved={(value) => {
          if (classifyRow) onPatch(classifyRow.id, value);
          onClose();
        }}
      />
      <NoiseDeleteDialog
        open={!!noiseRow}
        news={noiseRow}
        action={dialog?.kind === 'delete' ? 'delete' : 'noise'}
        onClose={onClose}
        onDone={() => {
          if (noiseRow) onRemoved(noiseRow.id);
          onClose();
        }}
      />
    </>
  );
}
