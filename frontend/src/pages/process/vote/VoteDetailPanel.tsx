// A vote: its facts, the caller's remaining ballots, the candidates with the live (or frozen)
// tally, and 结束投票 / 导出结果 / 删除投票 for those who may.
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import { ConfirmButton } from '../../../resources/shared/ConfirmButton';
import { CandidateRow } from './CandidateRow';
import { useVoteText } from './i18n';
import type { VoteDetail } from './types';
import { useVoteActions } from './useVotes';
import { barValue, mayCast, mayWithdraw, POLL_MS } from './voteRules';
import { VoteStateChip } from './VoteStateChip';

export interface VoteAccess {
  cast: boolean;
  close: boolean;
  remove: boolean;
}

interface VoteDetailPanelProps {
  vote: VoteDetail | undefined;
  loading: boolean;
  error: unknown;
  access: VoteAccess;
  onDeleted: () => void;
}

export function VoteDetailPanel({ vote, loading, error, access, onDeleted }: VoteDetailPanelProps) {
  const t = useVoteText();
  const actions = useVoteActions(vote, onDeleted);
  if (loading && !vote)
    return (
      <Paper variant="outlined" sx={{ py: 8, display: 'flex', justifyContent: 'center', gap: 1.5, alignItems: 'center', color: 'text.secondary' }}>
        <CircularProgress size={20} /> {t('detail.loading')}
      </Paper>
    );
  if (!vote) return <Alert severity="error">{error instanceof Error && error.message ? error.message : t('detail.load_failed')}</Alert>;

  const open = vote.state === 'open';
  const manage = vote.canManage;
  const ballots = open && access.cast ? (vote.remainingVotes > 0 ? t('detail.remaining', { n: vote.remainingVotes }) : t('detail.used_up')) : null;
  const status = [t('detail.voters', { voters: vote.voterCount, ballots: vote.ballotCount }), ballots, open ? t('detail.live', { n: POLL_MS / 1000 }) : t('detail.frozen')]
    .filter(Boolean)
    .join(' · ');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="vote-detail">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' }, mb: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="h6" component="h2" sx={{ fontSize: 18, fontWeight: 600, wordBreak: 'break-word' }}>
              {vote.title}
            </Typography>
            <VoteStateChip state={vote.state} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('detail.product')}：{vote.product.name} · {t('detail.period')}：{vote.startDate} ~ {vote.endDate} · {t('detail.per_person')}：{t('detail.votes_unit', { n: vote.votesPerPerson })}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {t('detail.created', { user: vote.createBy.username ?? '', time: vote.createTime })}
            {vote.closedAt ? `；${t('detail.closed_at', { user: vote.closedBy ?? '', time: vote.closedAt })}` : ''}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap' }} useFlexGap>
          {open && access.close && manage && (
            <ConfirmButton
              variant="text"
              color="warning"
              label={t('detail.close')}
              icon={<StopCircleOutlinedIcon />}
              title={t('detail.close_confirm_title')}
              content={t('detail.close_confirm', { title: vote.title })}
              loading={actions.busy === 'close'}
              onConfirm={() => void actions.close()}
            />
          )}
          {!open && (
            <Button size="small" startIcon={<FileDownloadOutlinedIcon />} onClick={() => void actions.exportResult()} disabled={actions.busy === 'export'}>
              {t('detail.export')}
            </Button>
          )}
          {access.remove && manage && (
            <ConfirmButton
              variant="text"
              color="error"
              label={t('detail.delete')}
              icon={<DeleteOutlineIcon />}
              title={t('detail.delete')}
              content={t('detail.delete_confirm', { title: vote.title })}
              loading={actions.busy === 'delete'}
              onConfirm={() => void actions.remove()}
            />
          )}
        </Stack>
      </Stack>

      <Alert severity={open ? 'info' : 'success'} sx={{ my: 1.5 }} data-testid="vote-status">
        {status}
      </Alert>

      <Typography variant="subtitle2" sx={{ fontWeight: 600 }}>
        {t('detail.candidates')}
      </Typography>
      {vote.candidates.length === 0 && <Box sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>{t('detail.no_candidates')}</Box>}
      {vote.candidates.map((c) => (
        <CandidateRow
          key={c.manuscriptId}
          candidate={c}
          bar={barValue(c.votes, vote.candidates)}
          voter={access.cast && open}
          canCast={mayCast(vote, c)}
          canWithdraw={mayWithdraw(vote, c)}
          busy={actions.busy !== null}
          onCast={() => void actions.cast(c.manuscriptId)}
          onWithdraw={() => void actions.withdraw(c.manuscriptId)}
        />
      ))}
    </Paper>
  );
}
