// One candidate of a vote: rank, title, issue and column, the tally bar, and 投票 / 撤回.
import { Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import HowToVoteOutlinedIcon from '@mui/icons-material/HowToVoteOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import { useVoteText } from './i18n';
import type { VoteCandidate } from './types';

interface CandidateRowProps {
  candidate: VoteCandidate;
  bar: number;
  canCast: boolean;
  canWithdraw: boolean;
  /** The caller holds vote:cast and the vote is open (else no buttons). */
  voter: boolean;
  busy: boolean;
  onCast: () => void;
  onWithdraw: () => void;
}

export function CandidateRow({ candidate: c, bar, canCast, canWithdraw, voter, busy, onCast, onWithdraw }: CandidateRowProps) {
  const t = useVoteText();
  return (
    <Box sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider' }} data-testid={`candidate-${c.manuscriptId}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Chip size="small" label={t('detail.rank', { n: c.rank })} color={c.rank === 1 && c.votes > 0 ? 'warning' : 'default'} variant="outlined" sx={{ flexShrink: 0, alignSelf: 'flex-start' }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body1" sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
            {c.title}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {[c.journalLabel, c.columnName, c.deptName].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0, alignItems: 'center' }}>
          {c.mine && <Chip size="small" color="primary" icon={<CheckCircleOutlineIcon />} label={t('detail.voted')} />}
          {voter && canWithdraw && (
            <Button size="small" startIcon={<UndoIcon />} onClick={onWithdraw} disabled={busy}>
              {t('detail.withdraw')}
            </Button>
          )}
          {voter && !c.mine && (
            <Button size="small" variant="contained" startIcon={<HowToVoteOutlinedIcon />} onClick={onCast} disabled={busy || !canCast}>
              {t('detail.vote')}
            </Button>
          )}
        </Stack>
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 1 }}>
        <LinearProgress variant="determinate" value={bar} sx={{ flex: 1, height: 8, borderRadius: 4, color: c.mine ? undefined : 'text.secondary' }} aria-label={t('detail.votes', { n: c.votes })} color={c.mine ? 'primary' : 'inherit'} />
        <Typography variant="body2" sx={{ minWidth: 96, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
          {t('detail.votes', { n: c.votes })} · {c.percent}%
        </Typography>
      </Stack>
    </Box>
  );
}
