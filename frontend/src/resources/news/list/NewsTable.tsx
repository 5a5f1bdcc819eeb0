// The news table: the page checkbox and column heads, then skeletons, the load error, the empty
// state or the rows (NewsTableRow), with a thin progress bar while a page reloads.
import { Alert, Box, Button, Checkbox, LinearProgress, Table, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ListState } from '../listState';
import { NewsTableRow } from '../NewsTableRow';
import { NewsRowsBody } from '../rowStyles';
import type { NewsT } from '../text';
import { ListEmpty, SkeletonRows } from './parts';
import type { NewsListModel } from './useNewsList';

export function NewsTable({
  model,
  state,
  emptyText,
  go,
  t,
}: {
  model: NewsListModel;
  state: ListState;
  emptyText?: string;
  go: (next: ListState) => void;
  t: NewsT;
}) {
  const { list, rows, selection, compact, activeRow, actions } = model;
  const colSpan = compact ? 3 : 5;
  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
      {model.refreshing && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3, height: 2 }} />}
      <TableContainer sx={{ height: '100%', overflow: 'auto' }} data-testid="news-table">
        <Table stickyHeader size="small" sx={{ tableLayout: 'auto', opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  checked={selection.pageChecked}
                  indeterminate={!selection.pageChecked && selection.pageSome}
                  disabled={!rows.length}
                  onChange={(e) => selection.togglePage(e.target.checked)}
                  slotProps={{ input: { 'aria-label': t('columns.select_page') } }}
                />
              </TableCell>
              <TableCell>{t('columns.title')}</TableCell>
              {!compact && <TableCell sx={{ width: 170 }}>{t('columns.classify')}</TableCell>}
              {!compact && <TableCell sx={{ width: 170 }}>{t('columns.keywords')}</TableCell>}
              <TableCell sx={{ width: state.curMenu === 'choice' ? 272 : 252 }}>{t('columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <NewsRowsBody>
            {model.loadingFirst ? (
              <SkeletonRows count={Math.min(state.size, 8)} compact={compact} />
            ) : list.isError && !rows.length ? (
              <TableRow>
                <TableCell colSpan={colSpan} sx={{ border: 0, py: 6 }}>
                  <Alert
                    severity="error"
                    variant="outlined"
                    action={
                      <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                        {t('list.retry')}
                      </Button>
                    }
                  >
                    {t('list.load_failed')}
                  </Alert>
                </TableCell>
              </TableRow>
            ) : rows.length === 0 ? (
              <ListEmpty state={state} total={model.total} colSpan={colSpan} emptyText={emptyText} go={go} t={t} />
            ) : (
              rows.map((row) => (
                <NewsTableRow
                  key={row.id}
                  row={row}
                  curMenu={state.curMenu}
                  abilities={model.user.abilities}
                  checked={selection.selected.has(row.id)}
                  active={activeRow?.id === row.id}
                  compact={compact}
                  busy={actions.isBusy}
                  onCheck={selection.onCheck}
                  onOpen={model.onOpen}
                  onOpenDetail={model.onOpenDetail}
                  onCommand={model.onCommand}
                  t={t}
                />
              ))
            )}
          </NewsRowsBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
