// 期刊管理 tab (spec production-admin §2 "Journal form and list", §4): filters (product, year,
// status), the journal table with the state-machine actions, the add/edit dialog, and the way to
// the journal's manuscripts, in the shell the list is in (products/managementRoutes `manuscriptsHref`).
// Who may write a journal (docs/production-api.md "Who may write a product's journals") is asked as
// the server asks it: a row whose `canEdit` is false shows its write actions disabled with the
// reason as tooltip and cannot be chosen for 删除; the toolbar's 新增 / 删除 and the selection are
// hidden from a caller who may write no product's journals (`productSetting/all?editable=true`).
// The state and requests are in list/useJournalList, the filters and the row in list/.
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, TableCell } from '@mui/material';
import { ListPager } from '../shared/pager/ListPager';
import type { ProductAbilities } from '../shared/production/access';
import type { ManagementMode } from '../shared/production/managementRoutes';
import { ActionToolbar, DeleteConfirmButton, EmptyRow, ListFrame, listHeadSx, SelectAllCell, SkeletonRows, toggleId } from '../shared/ListFrame';
import { actionsColumnSx, PAGE_SIZES } from '../shared/ListParts';
import { editorNames } from './format';
import { JournalFormDialog } from './JournalFormDialog';
import { JournalFilters } from './list/JournalFilters';
import { JournalTableRow } from './list/JournalTableRow';
import { useJournalList } from './list/useJournalList';
import { useJournalText } from './useJournalText';

export { journalQueryOf } from './list/useJournalList';

export interface JournalListProps {
  abilities: ProductAbilities;
  /** The product filter to start with (`?productId=`). */
  initialProductId?: number | null;
  /** The shell the list is in: its 稿件管理 links stay there. */
  mode?: ManagementMode;
}

const COLUMN_COUNT = 9;
const COLUMNS = ['product', 'year', 'no', 'total_no', 'editors', 'status', 'plan_publish', 'create_time', 'creator'] as const;

export function JournalList({ abilities, initialProductId = null, mode = 'admin' }: JournalListProps) {
  const t = useJournalText();
  const state = useJournalList(abilities, initialProductId);
  const { list, rows, total, page, size, chosen, setSelected, remove, filters, setDialog } = state;

  const canSelect = abilities.deleteJournal && state.mayWriteAny;
  const canAdd = abilities.addJournal && state.mayWriteAny;
  // the way to the manuscripts is always there, so is the 操作 column
  const columnCount = COLUMN_COUNT + (canSelect ? 1 : 0) + 1;
  const firstLoad = list.isPending;
  const filtered = filters.productId !== null || filters.year !== '' || filters.status !== '';

  const deleteButton = (ids: number[], variant: 'icon' | 'text') => (
    <DeleteConfirmButton
      variant={variant}
      label={t(variant === 'icon' ? 'list.act_delete' : 'list.delete')}
      title={t('list.confirm_title')}
      content={t('list.delete_confirm', { count: ids.length })}
      loading={remove.isPending}
      disabled={ids.length === 0}
      onConfirm={() => remove.mutate(ids)}
    />
  );

  return (
    <Box>
      <JournalFilters state={state} />

      <ActionToolbar
        label={t('list.toolbar')}
        selectedText={canSelect && chosen.length > 0 ? t('list.selected', { count: chosen.length }) : null}
        refreshLabel={t('list.refresh')}
        onRefresh={() => void list.refetch()}
      >
        {canAdd && (
          <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, journal: null })}>
            {t('list.add')}
          </Button>
        )}
        {canSelect && deleteButton(chosen, 'text')}
      </ActionToolbar>

      <ListFrame
        label={t('list.table_label')}
        query={list}
        failedLabel={t('list.load_failed')}
        retryLabel={t('list.retry')}
        head={
          <>
            {canSelect && <SelectAllCell pageIds={state.editableIds} selected={chosen} onChange={setSelected} label={t('list.select_page')} />}
            {COLUMNS.map((column) => (
              <TableCell key={column} sx={listHeadSx}>
                {t(`list.col_${column}`)}
              </TableCell>
            ))}
            <TableCell sx={{ ...listHeadSx, ...actionsColumnSx }}>{t('list.col_actions')}</TableCell>
          </>
        }
        footer={<ListPager total={total} page={page + 1} size={size} sizes={PAGE_SIZES} disabled={firstLoad} onPage={state.changePage} onSize={state.changeSize} />}
      >
        {firstLoad ? (
          <SkeletonRows columns={columnCount} />
        ) : (
          rows.map((journal, i) => (
            <JournalTableRow
              key={journal.id}
              journal={journal}
              abilities={abilities}
              mode={mode}
              checked={chosen.includes(journal.id)}
              select={
                canSelect
                  ? { onToggle: () => setSelected((current) => toggleId(current, journal.id)), label: t('list.select_row', { index: page * size + i + 1 }) }
                  : undefined
              }
              editors={editorNames(journal.editorIds, state.users.data)}
              onEdit={() => setDialog({ open: true, journal })}
              deleteButton={deleteButton([journal.id], 'icon')}
            />
          ))
        )}
        {!firstLoad && rows.length === 0 && (
          <EmptyRow columns={columnCount} text={filtered ? t('list.empty_filtered') : t('list.empty')} hint={!filtered && canAdd ? t('list.empty_hint') : null} />
        )}
      </ListFrame>

      <JournalFormDialog open={state.dialog.open} journal={state.dialog.journal} defaultProductId={state.defaultProductId} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
    </Box>
  );
}
