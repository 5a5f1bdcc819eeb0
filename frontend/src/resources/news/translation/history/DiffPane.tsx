// A comparison of two versions (or a version and the current draft): `translationDiff` as a coloured word diff.
import { Alert, Box, Chip, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { horizon, line } from '../../../../theme/theme';
import { errorMessage } from '../../../shared/hooks';
import { type TranslationDiff, translationApi, translationKeys } from '../api';
import { useTransText } from '../useTransText';
import type { Target } from './useVersionHistory';

function DiffView({ diff }: { diff: TranslationDiff }) {
  const t = useTransText();
  const changed = diff.parts.some((p) => p.op !== 'equal');
  return (
    <Box data-testid="trans-diff">
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.25 }}>
        <Chip size="small" label={t('history.inserted', { count: diff.inserted })} sx={{ bgcolor: horizon('diffInsertedBg'), color: horizon('diffInsertedText'), borderRadius: 1 }} />
        <Chip size="small" label={t('history.deleted', { count: diff.deleted })} sx={{ bgcolor: horizon('diffDeletedBg'), color: horizon('diffDeletedText'), borderRadius: 1 }} />
        <Box sx={{ flex: 1 }} />
        <Typography variant="caption" color="text.secondary" sx={{ display: 'inline-flex', gap: 1.5 }}>
          <Box component="ins" sx={{ bgcolor: horizon('diffInsertedBg'), textDecoration: 'none', px: 0.5 }}>
            {t('history.legend_insert')}
          </Box>
          <Box component="del" sx={{ bgcolor: horizon('diffDeletedBg'), px: 0.5 }}>
            {t('history.legend_delete')}
          </Box>
        </Typography>
      </Box>
      {!changed && (
        <Alert severity="info" variant="outlined" sx={{ mb: 1.25 }}>
          {t('history.same')}
        </Alert>
      )}
      <Box
        sx={{
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          fontSize: 14.5,
          lineHeight: 1.9,
          color: 'text.primary',
          p: 1.5,
          border: line(),
          borderRadius: 1,
          maxHeight: 420,
          overflow: 'auto',
          '& ins': { bgcolor: horizon('diffInsertedBg'), color: horizon('diffInsertedText'), textDecoration: 'none', borderRadius: 0.5 },
          '& del': { bgcolor: horizon('diffDeletedBg'), color: horizon('diffDeletedText'), borderRadius: 0.5 },
        }}
      >
        {diff.parts.map((p, i) =>
          p.op === 'insert' ? (
            <ins key={i} data-op="insert">
              {p.text}
            </ins>
          ) : p.op === 'delete' ? (
            <del key={i} data-op="delete">
              {p.text}
            </del>
          ) : (
            <span key={i}>{p.text}</span>
          ),
        )}
      </Box>
    </Box>
  );
}

export function DiffPane({ newsId, deptId, from, to }: { newsId: number; deptId: number | undefined; from: number; to: Target }) {
  const t = useTransText();
  const toVersion = to === 'draft' ? null : to;
  const { data, isPending, error } = useQuery({
    queryKey: translationKeys.diff(newsId, deptId, from, toVersion),
    queryFn: () => translationApi.diff(newsId, deptId, from, toVersion),
    // the draft changes while one works
    staleTime: to === 'draft' ? 0 : 5 * 60_000,
    retry: false,
  });
  if (error) return <Alert severity="error">{errorMessage(error) || t('history.load_failed')}</Alert>;
  if (isPending || !data) {
    return (
      <Box aria-busy="true" aria-label={t('history.loading')}>
        {[100, 92, 97, 60].map((w, i) => (
          <Skeleton key={i} variant="text" width={`${w}%`} />
        ))}
      </Box>
    );
  }
  return <DiffView diff={data} />;
}
