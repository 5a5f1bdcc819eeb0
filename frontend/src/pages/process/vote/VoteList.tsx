// The votes, open first: title, state, product, period, counts and the caller's ballots.
import { List, ListItemButton, Paper, Stack, Typography } from '@mui/material';
import { useVoteText } from './i18n';
import type { VoteSummary } from './types';
import { VoteStateChip } from './VoteStateChip';

interface VoteListProps {
  votes: VoteSummary[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}

export function VoteList({ votes, selectedId, onSelect }: VoteListProps) {
  const t = useVoteText();
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <List disablePadding aria-label={t('page.title')} data-testid="vote-list">
        {votes.map((v) => (
          <ListItemButton
            key={v.id}
            selected={v.id === selectedId}
            onClick={() => onSelect(v.id)}
            divider
            sx={{ display: 'block', py: 1.25 }}
            data-testid={`vote-row-${v.id}`}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Typography variant="subtitle2" sx={{ flex: 1, minWidth: 0, fontWeight: 600 }} noWrap title={v.title}>
                {v.title}
              </Typography>
              <VoteStateChip state={v.state} />
            </Stack>
            <Typography variant="body2" color="text.secondary" noWrap>
              {v.product.name} · {t('list.period', { start: v.startDate, end: v.endDate })}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('list.counts', { candidates: v.candidateCount, voters: v.voterCount })}
              {v.myVotes > 0 ? ` · ${t('list.mine', { n: v.myVotes })}` : ''}
            </Typography>
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
