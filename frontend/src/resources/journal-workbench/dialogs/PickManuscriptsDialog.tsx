// 选择稿件 (spec §2 "Select-manuscripts dialog"): the pool of submitted manuscripts of the product and
// column, 15 a page, with a selection column; 确认 copies the chosen ones into the column.
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Checkbox, LinearProgress, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, TextField, Typography } from '@mui/material';
import { line } from '../../../theme/theme';
import { listHeadSx } from '../../shared/ListFrame';
import { POOL_PAGE_SIZE } from '../api';
import type { JournalColumn } from '../types';
import type { Workbench } from '../useWorkbench';
import { useWorkbenchText } from '../useWorkbenchText';
import { Frame } from './Frame';
import { PICK_COLUMNS, PickRows } from './PickRows';
import { usePickManuscripts } from './usePickManuscripts';

const HEAD = { index: 'col.index', title: 'col.title', type: 'pick.col_type', memo: 'col.memo', abstract: 'pick.col_abstract', provider: 'col.provider', reviewer: 'col.reviewer', unit: 'pick.col_unit', submitter: 'col.submitter', time: 'pick.col_time' } as const;

export function PickManuscriptsDialog({ wb, column, onClose }: { wb: Workbench; column: JournalColumn | null; onClose: () => void }) {
  const t = useWorkbenchText();
  const state = usePickManuscripts(wb, column, onClose);
  const { list, rows, total, page } = state;
  return (
    <Frame
      open={column !== null}
      title={t('pick.title', { column: column?.name ?? '' })}
      onClose={onClose}
      onConfirm={() => state.pick.mutate()}
      confirmDisabled={state.chosen.length === 0}
      saving={state.pick.isPending}
      maxWidth="lg"
      testId="pick-dialog"
    >
      <Stack component="form" direction="row" spacing={1} onSubmit={state.search} role="search" sx={{ mb: 1 }}>
        <TextField size="small" label={t('pick.search')} value={state.draft} onChange={(event) => state.setDraft(event.target.value)} sx={{ width: 260 }} />
        <Button type="submit" variant="contained" size="small" startIcon={<SearchIcon />}>
          {t('pick.search_button')}
        </Button>
      </Stack>
      <Box sx={{ position: 'relative', border: line(), borderRadius: 1 }}>
        {list.isFetching && !list.isPending && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3, height: 2 }} />}
        <TableContainer sx={{ maxHeight: '55vh' }}>
          <Table stickyHeader size="small" aria-busy={list.isFetching} sx={{ '& td, & th': { fontSize: 13 } }}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" sx={listHeadSx}>
                  <Checkbox
                    size="small"
                    checked={state.pageChosen}
                    indeterminate={state.pagePartly}
                    disabled={rows.every((row) => row.inJournal)}
                    onChange={state.togglePage}
                    slotProps={{ input: { 'aria-label': t('pick.select_page') } }}
                  />
                </TableCell>
                {PICK_COLUMNS.map((key) => (
                  <TableCell key={key} sx={listHeadSx}>
                    {t(HEAD[key])}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              <PickRows state={state} users={wb.users} />
            </TableBody>
          </Table>
        </TableContainer>
      </Box>
      <Stack direction="row" alignItems="center" justifyContent="space-between">
        <Typography variant="body2" color="text.secondary" data-testid="pick-selected">
          {state.chosen.length > 0 ? t('pick.selected', { count: state.chosen.length }) : ''}
        </Typography>
        <TablePagination
          component="div"
          count={total}
          page={Math.min(page, Math.max(0, Math.ceil(total / POOL_PAGE_SIZE) - 1))}
          rowsPerPage={POOL_PAGE_SIZE}
          rowsPerPageOptions={[]}
          onPageChange={(_event, next) => state.setPage(next)}
          labelDisplayedRows={({ from, to, count }) => t('pick.rows', { from, to, total: count })}
          getItemAriaLabel={(type) => (type === 'previous' ? t('pick.prev') : t('pick.next'))}
          disabled={list.isFetching}
        />
      </Stack>
    </Frame>
  );
}
