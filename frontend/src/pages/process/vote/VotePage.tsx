// 动态投票 (/productProcess-vote, docs/votes.md): the votes (open first) beside the selected vote,
// whose tally refreshes while it is open; 发起投票 for the holders of `vote:add`.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Grid, IconButton, Paper, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import HowToVoteOutlinedIcon from '@mui/icons-material/HowToVoteOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useSearchParams } from 'react-router-dom';
import { useAppAbility } from '../../../providers/ability';
import { can } from '../../../providers/permissions';
import { CreateVoteDialog } from './CreateVoteDialog';
import { useVoteText } from './i18n';
import type { VoteState } from './types';
import { VoteDetailPanel } from './VoteDetailPanel';
import { VoteList } from './VoteList';
import { useVoteDetail, useVoteList } from './useVotes';

/** At most this many votes in the list (open first, then the newest closed ones). */
const LIST_SIZE = 100;

export function VotePage() {
  const t = useVoteText();
  const ability = useAppAbility();
  const access = { add: can(ability, 'vote:add'), cast: can(ability, 'vote:cast'), close: can(ability, 'vote:edit'), remove: can(ability, 'vote:del') };
  const [params, setParams] = useSearchParams();
  const selectedId = /^\d+$/.test(params.get('id') ?? '') ? Number(params.get('id')) : null;
  const [state, setState] = useState<VoteState | 'all'>('all');
  const [creating, setCreating] = useState(false);
  const list = useVoteList({ state: state === 'all' ? undefined : state, page: 0, size: LIST_SIZE });
  const detail = useVoteDetail(selectedId);
  const shown = detail.data;
  // The selected vote's row follows its polled detail (counts, state) between list refreshes.
  const votes = (list.data?.content ?? []).map((v) =>
    shown && v.id === shown.id ? { ...v, state: shown.state, voterCount: shown.voterCount, ballotCount: shown.ballotCount, myVotes: shown.myVotes } : v,
  );

  const select = (id: number | null) => setParams(id === null ? {} : { id: String(id) }, { replace: true });
  // Without a choice, the first vote (an open one when there is one) is shown.
  useEffect(() => {
    if (selectedId === null && votes.length) setParams({ id: String(votes[0].id) }, { replace: true });
  }, [selectedId, votes, setParams]);

  return (
    <Box data-testid="vote-page" sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 1.5, alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h1" sx={{ fontSize: 18, fontWeight: 600 }}>
            {t('page.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('page.hint')}
          </Typography>
        </Box>
        <ToggleButtonGroup size="small" exclusive value={state} onChange={(_e, value: VoteState | 'all' | null) => value && setState(value)}>
          <ToggleButton value="all">{t('list.all')}</ToggleButton>
          <ToggleButton value="open">{t('state.open')}</ToggleButton>
          <ToggleButton value="closed">{t('state.closed')}</ToggleButton>
        </ToggleButtonGroup>
        <Tooltip title={t('page.refresh')}>
          <IconButton aria-label={t('page.refresh')} onClick={() => void Promise.all([list.refetch(), selectedId !== null && detail.refetch()])}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        {access.add && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ flexShrink: 0 }}>
            {t('page.create')}
          </Button>
        )}
      </Stack>

      {list.isError && <Alert severity="error">{list.error instanceof Error && list.error.message ? list.error.message : t('page.load_failed')}</Alert>}
      {list.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }} data-testid="vote-loading">
          <CircularProgress size={28} />
        </Box>
      )}
      {list.data && votes.length === 0 && (
        <Paper variant="outlined" sx={{ py: 8, textAlign: 'center', color: 'text.secondary' }} data-testid="vote-empty">
          <HowToVoteOutlinedIcon sx={{ fontSize: 40, mb: 1 }} />
          <Typography>{t('page.empty')}</Typography>
          {access.add && <Typography variant="body2">{t('page.empty_hint')}</Typography>}
        </Paper>
      )}
      {votes.length > 0 && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <VoteList votes={votes} selectedId={selectedId} onSelect={select} />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            {selectedId === null ? (
              <Paper variant="outlined" sx={{ py: 8, textAlign: 'center', color: 'text.secondary' }}>
                {t('page.pick')}
              </Paper>
            ) : (
              <VoteDetailPanel vote={detail.data} loading={detail.isPending} error={detail.error} access={access} onDeleted={() => select(null)} />
            )}
          </Grid>
        </Grid>
      )}
      {access.add && (
        <CreateVoteDialog
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            setState('all');
            void list.refetch();
            select(id);
          }}
        />
      )}
    </Box>
  );
}

export default VotePage;
