// 稿件管理 (spec production-admin §2 "Manuscript management screens"): tabs 我的投稿 / 工作组 / 全部
// (全部 for admin or manuscript:admin), the unit tree and 今日投稿统计 for those admins, filters,
// the table and its dialogs (查看, 修改栏目, 修改摘要, 删除, 上传稿件). The list state lives in the route.
import { useMemo, useState } from 'react';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { Box, Button, Link, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { errorMessage, useQueryErrorHandler } from '../shared/hooks';
import { useManuscriptUser, visibleTabs } from './access';
import { manuscriptKeys, manuscriptsApi } from './api';
import { LazyDeptTree } from './DeptTree';
import { DailyStatsDialog } from './dialogs/DailyStatsDialog';
import { DeleteManuscriptDialog } from './dialogs/DeleteManuscriptDialog';
import { EditAbstractDialog } from './dialogs/EditAbstractDialog';
import { EditColumnDialog } from './dialogs/EditColumnDialog';
import { UploadManuscriptDialog } from './dialogs/UploadManuscriptDialog';
import { ViewManuscriptDialog } from './dialogs/ViewManuscriptDialog';
import { fromSearch, hasFilters, type ManuscriptListState, toSearch, toWireQuery, withDept, withFilters, withPage, withSize, withTab } from './listState';
import { useProducts, useUsers } from './lookups';
import { ManuscriptFilters } from './ManuscriptFilters';
import { type ManuscriptAction, ManuscriptTable } from './ManuscriptTable';
import type { Manuscript, ManuscriptTab } from './types';
import { useManuscriptText } from './useManuscriptText';
import { line } from '../../theme/theme';

type Dialog = { kind: ManuscriptAction; row: Manuscript } | { kind: 'upload' | 'stats' } | null;

export function ManuscriptManagementPage() {
  const t = useManuscriptText();
  const me = useManuscriptUser();
  const queryClient = useQueryClient();
  const tabsKey = visibleTabs(me.abilities).join(',');
  const tabs = useMemo(() => tabsKey.split(',') as ManuscriptTab[], [tabsKey]);
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => fromSearch(search, tabs), [search, tabs]);
  const go = (next: ManuscriptListState) => setSearch(toSearch(next));

  const query = useMemo(() => toWireQuery(state), [state]);
  const list = useQuery({
    queryKey: manuscriptKeys.list(query),
    queryFn: ({ signal }) => manuscriptsApi.list(query, signal),
    enabled: me.ready,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  useQueryErrorHandler(list.error);
  const products = useProducts(me.ready);
  const users = useUsers(me.ready);

  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: manuscriptKeys.lists });
  const rowOf = (kind: ManuscriptAction) => (dialog && dialog.kind === kind && 'row' in dialog ? dialog.row : null);

  const rows = list.data?.content ?? [];
  const total = list.data?.totalElements ?? 0;
  const filtered = hasFilters(state) || state.deptId !== null;
  const beyond = state.page > 1 && total > 0 && rows.length === 0;
  const empty = beyond
    ? { text: t('list.beyond'), filtered: false }
    : filtered
      ? { text: t('list.empty_search'), hint: t('list.empty_hint'), filtered: true }
      : { text: t(`list.empty_${state.tab}`), filtered: false };

  const showTree = me.abilities.admin && state.tab === 'all';

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 1.5 }} data-testid="manuscript-page">
      <Stack direction="row" alignItems="center" spacing={1} useFlexGap flexWrap="wrap" sx={{ borderBottom: line(), mb: 1.5 }}>
        <Tabs value={state.tab} onChange={(_event, tab: ManuscriptTab) => go(withTab(state, tab))} aria-label={t('page.title')} sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40, py: 0.5 } }}>
          {tabs.map((tab) => (
            <Tab key={tab} value={tab} label={t(`tabs.${tab}`)} data-testid={`manuscript-tab-${tab}`} />
          ))}
        </Tabs>
        <Box sx={{ flex: 1 }} />
        {me.abilities.admin && (
          <Button size="small" variant="outlined" startIcon={<BarChartOutlined />} onClick={() => setDialog({ kind: 'stats' })} sx={{ mb: 0.5 }}>
            {t('page.stats')}
          </Button>
        )}
        {me.abilities.add && (
          <Button size="small" variant="contained" startIcon={<CloudUploadOutlined />} onClick={() => setDialog({ kind: 'upload' })} sx={{ mb: 0.5 }}>
            {t('page.upload')}
          </Button>
        )}
      </Stack>

      <ManuscriptFilters value={state} products={products.data} onApply={(filters) => go(withFilters(state, filters))} />

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mt: 1.5 }} alignItems="stretch">
        {showTree && (
          <Paper variant="outlined" sx={{ width: { xs: 'auto', md: 200 }, flexShrink: 0, p: 1, maxHeight: { xs: 240, md: 'calc(100vh - 260px)' }, overflow: 'auto' }} data-testid="manuscript-dept-tree">
            <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 0.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('dept_tree.title')}
              </Typography>
              {state.deptId !== null && (
                <Link component="button" type="button" underline="hover" onClick={() => go(withDept(state, null))} sx={{ fontSize: 12 }}>
                  {t('dept_tree.all')}
                </Link>
              )}
            </Stack>
            <LazyDeptTree value={state.deptId} onSelect={(dept) => go(withDept(state, dept.id))} />
          </Paper>
        )}
        <ManuscriptTable
          rows={rows}
          total={total}
          page={state.page}
          size={state.size}
          loading={list.isPending || !me.ready}
          refreshing={list.isFetching && !list.isPending}
          failed={list.isError && rows.length === 0}
          failMessage={list.isError ? errorMessage(list.error) : undefined}
          onRetry={() => void list.refetch()}
          empty={empty}
          onPage={(page) => go(withPage(state, page))}
          onSize={(size) => go(withSize(state, size))}
          ability={me.ability}
          users={users.data}
          onAction={(kind, row) => setDialog({ kind, row })}
        />
      </Stack>

      <ViewManuscriptDialog manuscript={rowOf('view')} onClose={close} />
      <EditColumnDialog manuscript={rowOf('editColumn')} onClose={close} onSaved={reload} />
      <EditAbstractDialog manuscript={rowOf('editAbstract')} onClose={close} onSaved={reload} />
      <DeleteManuscriptDialog manuscript={rowOf('delete')} onClose={close} onDeleted={reload} />
      <UploadManuscriptDialog open={dialog?.kind === 'upload'} onClose={close} onUploaded={reload} />
      <DailyStatsDialog open={dialog?.kind === 'stats'} onClose={close} />
    </Paper>
  );
}
