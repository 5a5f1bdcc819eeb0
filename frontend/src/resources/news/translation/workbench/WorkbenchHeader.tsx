// The workbench's heading card: breadcrumb, title, the department's translation state, the workflow
// buttons, and the notes on a lock held by someone else or a translation waiting for review.
import AssignmentTurnedIn from '@mui/icons-material/AssignmentTurnedIn';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import HistoryIcon from '@mui/icons-material/History';
import LockOpen from '@mui/icons-material/LockOpen';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Send from '@mui/icons-material/Send';
import TranslateIcon from '@mui/icons-material/Translate';
import { Alert, Box, Breadcrumbs, Button, Chip, Link, Paper, Skeleton, Tooltip, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { MetaItem } from '../../detail/MetaItem';
import type { NewsInfo } from '../../types';
import { statusColor, statusKey } from '../workflow';
import type { Workbench } from './useWorkbench';

export function WorkbenchHeader({ info, wb }: { info: NewsInfo; wb: Workbench }) {
  const { t, state, status, actions, busy, dirty, commands } = wb;
  const title = info.titleCn?.trim() || info.title;
  // a submitted translation I may review: said in a banner that carries the 审核 button
  const reviewBanner = actions.review === 'review';
  const reviewButton = (size: 'small' | 'medium') => (
    <Button
      size={size}
      variant="contained"
      color="success"
      startIcon={<AssignmentTurnedIn />}
      disabled={busy !== null}
      onClick={commands.review}
      data-testid="trans-review"
      data-blocked={actions.reviewBlocked ? 'true' : undefined}
      sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
    >
      {t(actions.review === 'rereview' ? 'actions.rereview' : 'actions.review')}
    </Button>
  );

  return (
    <Paper variant="outlined" sx={{ px: { xs: 2, md: 2.5 }, py: 1.5, mb: 1.5, borderRadius: 1 }}>
      <Breadcrumbs separator={<NavigateNextIcon sx={{ fontSize: 16 }} />} sx={{ fontSize: 13, mb: 0.75 }}>
        <Link component={RouterLink} to="/pro/news" underline="hover" color="text.secondary">
          {t('breadcrumb_news')}
        </Link>
        <Link component={RouterLink} to={`/pro/news/detailFull2/${info.id}`} underline="hover" color="text.secondary">
          {t('breadcrumb_detail')}
        </Link>
        <Typography sx={{ fontSize: 13 }} color="text.primary">
          {t('heading')}
        </Typography>
      </Breadcrumbs>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: { xs: 'wrap', lg: 'nowrap' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h1" sx={{ fontSize: 20, fontWeight: 600, lineHeight: 1.45, color: 'text.primary' }}>
            {title}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 1 }}>
            {state ? (
              <Chip
                size="small"
                data-testid="trans-status"
                data-status={status ?? 'none'}
                color={statusColor(status)}
                variant={status ? 'filled' : 'outlined'}
                label={t(statusKey(status))}
              />
            ) : (
              !wb.stateError && <Skeleton variant="rounded" width={64} height={24} />
            )}
            {state && (
              <>
                <MetaItem label={t('meta.editor')} value={state.editorName || t('meta.none')} />
                <MetaItem label={t('meta.reviewer')} value={state.examineName || t('meta.none')} />
                <MetaItem label={t('meta.version')} value={state.version > 0 ? `v${state.version}` : t('meta.none')} />
              </>
            )}
            {dirty && <Chip size="small" color="warning" variant="outlined" label={t('meta.unsaved')} data-testid="trans-dirty" />}
          </Box>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end', flexShrink: 0, maxWidth: { lg: 720 } }}>
          {state && actions.claim && (
            <Button size="small" variant="contained" startIcon={<TranslateIcon />} disabled={busy !== null} onClick={() => commands.claim()} data-testid="trans-claim">
              {t('actions.claim')}
            </Button>
          )}
          {state && actions.save && (
            <Tooltip title={t('actions.save_hint')}>
              <span>
                <Button size="small" variant="outlined" startIcon={<SaveOutlined />} disabled={busy !== null} onClick={() => void commands.save()} data-testid="trans-save">
                  {t('actions.save')}
                </Button>
              </span>
            </Tooltip>
          )}
          {state && actions.submit && (
            <Button size="small" variant="contained" startIcon={<Send />} disabled={busy !== null} onClick={commands.askSubmit} data-testid="trans-submit">
              {t('actions.submit')}
            </Button>
          )}
          {state && actions.release && (
            <Button size="small" variant="outlined" color="warning" startIcon={<LockOpen />} disabled={busy !== null} onClick={() => wb.setAsking('release')} data-testid="trans-release">
              {t('actions.release')}
            </Button>
          )}
          {state && actions.review && !reviewBanner && reviewButton('small')}
          <Button size="small" variant="outlined" startIcon={<HistoryIcon />} onClick={() => wb.setHistoryOpen(true)} data-testid="trans-history">
            {t('actions.history')}
          </Button>
          <Button size="small" variant="outlined" startIcon={<DescriptionOutlined />} disabled={wb.downloading} onClick={() => void commands.download()} data-testid="trans-download">
            {t('actions.download')}
          </Button>
        </Box>
      </Box>
      {state && actions.lockedByOther && (
        <Alert severity="info" variant="outlined" sx={{ mt: 1.25, py: 0 }}>
          {state.editorName ? t('meta.locked_by', { name: state.editorName }) : t('meta.locked_unknown')}
        </Alert>
      )}
      {state && reviewBanner && (
        <Alert
          severity="warning"
          icon={<AssignmentTurnedIn fontSize="inherit" />}
          sx={{ mt: 1.25, alignItems: 'center', '& .MuiAlert-action': { pt: 0, mr: 0 } }}
          action={reviewButton('medium')}
          data-testid="trans-review-banner"
        >
          {state.editorName ? t('review.pending', { name: state.editorName, version: state.version }) : t('review.pending_unknown', { version: state.version })}
        </Alert>
      )}
    </Paper>
  );
}
