// The title (product + year + 第N期) and the header buttons of spec §2 with their visibility:
// 同步日刊 (weekly), the two zips, 历史版本, 供稿统计, 生成期刊, and the state moves.
import TableViewOutlined from '@mui/icons-material/TableViewOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import { Box, Button, CircularProgress, LinearProgress, Stack, Typography } from '@mui/material';
import type { Workbench } from '../useWorkbench';
import type { WorkbenchActions, ZipKind } from '../useWorkbenchActions';
import { useWorkbenchText } from '../useWorkbenchText';
import { ConfirmPopoverButton } from './ConfirmPopoverButton';
import { StatusActions } from './StatusActions';

export interface WorkbenchHeaderProps {
  wb: Workbench;
  actions: WorkbenchActions;
  title: string;
  /** Whether a daily journal picker is provided (同步日刊). */
  canSyncDaily: boolean;
}

export function WorkbenchHeader({ wb, actions, title, canSyncDaily }: WorkbenchHeaderProps) {
  const t = useWorkbenchText();
  const { access, weekly } = wb;
  const { zip, generate } = actions;
  const zipping = (kind: ZipKind) => zip.isPending && zip.variables === kind;
  const zipButton = (kind: ZipKind, label: string) => (
    <Button
      size="small"
      variant="outlined"
      startIcon={zipping(kind) ? <CircularProgress size={14} /> : <DownloadOutlined />}
      disabled={zip.isPending}
      onClick={() => zip.mutate(kind)}
    >
      {zipping(kind) ? t('header.preparing') : label}
    </Button>
  );

  return (
    <Box sx={{ mb: 1.5 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} alignItems={{ md: 'center' }} justifyContent="space-between">
        <Typography component="h1" variant="h6" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" role="toolbar" aria-label={t('header.toolbar')}>
          {weekly && access.edit && canSyncDaily && (
            <Button size="small" variant="outlined" startIcon={<SyncOutlined />} onClick={() => wb.setDialog({ kind: 'daily' })} disabled={actions.pushDaily.isPending}>
              {t('header.sync_daily')}
            </Button>
          )}
          {access.manu && zipButton('source', t('header.download_source'))}
          {access.manu && zipButton(weekly ? 'weekly' : 'all', t('header.download_all'))}
          {access.manu && (
            <Button
              size="small"
              variant="outlined"
              startIcon={actions.excel.isPending ? <CircularProgress size={14} /> : <TableViewOutlined />}
              disabled={actions.excel.isPending}
              onClick={() => actions.excel.mutate(`${title}.xlsx`)}
            >
              {t('header.excel')}
            </Button>
          )}
          <Button size="small" variant="outlined" startIcon={<HistoryOutlined />} onClick={() => wb.setDialog({ kind: 'journalVersions' })}>
            {t('header.history')}
          </Button>
          {access.manu && (
            <Button size="small" variant="outlined" startIcon={<BarChartOutlined />} onClick={() => wb.setDialog({ kind: 'provide' })}>
              {t('header.provide')}
            </Button>
          )}
          {access.edit && (
            <ConfirmPopoverButton
              label={t('header.generate')}
              question={t('header.generate_confirm')}
              icon={<AutoAwesomeOutlined />}
              contained
              onConfirm={() => generate.mutate(undefined)}
              busy={generate.isPending ? t('header.generating') : undefined}
            />
          )}
          <StatusActions wb={wb} actions={actions} />
        </Stack>
      </Stack>
      {generate.isPending && <LinearProgress sx={{ mt: 1 }} aria-label={t('header.generating')} />}
    </Box>
  );
}
