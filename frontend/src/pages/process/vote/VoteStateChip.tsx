import { Chip } from '@mui/material';
import { useVoteText } from './i18n';
import type { VoteState } from './types';

/** 进行中 (green) / 已结束 (grey). */
export function VoteStateChip({ state }: { state: VoteState }) {
  const t = useVoteText();
  return <Chip size="small" label={t(`state.${state}`)} color={state === 'open' ? 'success' : 'default'} variant={state === 'open' ? 'filled' : 'outlined'} />;
}
