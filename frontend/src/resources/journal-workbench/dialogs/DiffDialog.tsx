// 版本对比: the text diff of two .docx versions of the journal or a copy (`GET api/office/diff`,
// docs/office-design.md §4.9), paragraph by paragraph: equal (grey), added, removed, changed with its
// word parts, runs of equal paragraphs left out. The translation history's DiffPane draws one text
// stream of one API, so this draws paragraphs with the same colours (theme `diff*`).
import { Alert, Box, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { horizon, line } from '../../../theme/theme';
import { errorMessage, useQueryErrorHandler } from '../../shared/hooks';
import { workbenchApi, workbenchKeys } from '../api';
import type { OfficeDiff, OfficeDiffParagraph, OfficeKind } from '../types';
import { useWorkbenchText } from '../useWorkbenchText';
import { Frame } from './Frame';

/** The two versions compared (`from` the older). */
export interface DiffPair {
  kind: OfficeKind;
  id: number;
  from: number;
  to: number;
}

const insSx = { bgcolor: horizon('diffInsertedBg'), color: horizon('diffInsertedText'), textDecoration: 'none', borderRadius: 0.5 };
const delSx = { bgcolor: horizon('diffDeletedBg'), color: horizon('diffDeletedText'), borderRadius: 0.5 };

function Paragraph({ entry }: { entry: OfficeDiffParagraph }) {
  const t = useWorkbenchText();
  const base = { px: 1, py: 0.5, whiteSpace: 'pre-wrap', wordBreak: 'break-word', borderLeft: 3, borderColor: 'transparent' } as const;
  switch (entry.op) {
    case 'skipped':
      return (
        <Typography data-op="skipped" variant="caption" component="div" color="text.disabled" sx={{ textAlign: 'center', py: 0.5 }}>
          {t('diff.skipped', { count: entry.count })}
        </Typography>
      );
    case 'equal':
      return (
        <Box data-op="equal" sx={{ ...base, color: 'text.secondary' }}>
          {entry.text}
        </Box>
      );
    case 'added':
      return (
        <Box data-op="added" component="ins" sx={{ ...base, ...insSx, display: 'block', borderColor: horizon('diffInsertedText') }}>
          {entry.text}
        </Box>
      );
    case 'removed':
      return (
        <Box data-op="removed" component="del" sx={{ ...base, ...delSx, display: 'block', borderColor: horizon('diffDeletedText') }}>
          {entry.text}
        </Box>
      );
    case 'changed':
      return (
        <Box data-op="changed" sx={{ ...base, borderColor: 'warning.main', '& ins': insSx, '& del': delSx }}>
          {entry.parts.map((part, i) =>
            part.op === 'insert' ? (
              <ins key={i} data-op="insert">
                {part.text}
              </ins>
            ) : part.op === 'delete' ? (
              <del key={i} data-op="delete">
                {part.text}
              </del>
            ) : (
              <span key={i}>{part.text}</span>
            ),
          )}
        </Box>
      );
    default:
      return null;
  }
}

function DiffView({ diff }: { diff: OfficeDiff }) {
  const t = useWorkbenchText();
  const { added, removed, changed } = diff.stats;
  const notes = [
    diff.notes.from && t('diff.note', { version: diff.from, note: diff.notes.from }),
    diff.notes.to && t('diff.note', { version: diff.to, note: diff.notes.to }),
  ].filter((note): note is string => Boolean(note));
  const same = added + removed + changed === 0 && notes.length === 0;
  return (
    <Box data-testid="office-diff">
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1.25, flexWrap: 'wrap' }}>
        <Chip size="small" label={t('diff.added', { count: added })} sx={{ bgcolor: horizon('diffInsertedBg'), color: horizon('diffInsertedText'), borderRadius: 1 }} />
        <Chip size="small" label={t('diff.removed', { count: removed })} sx={{ bgcolor: horizon('diffDeletedBg'), color: horizon('diffDeletedText'), borderRadius: 1 }} />
        <Chip size="small" variant="outlined" color="warning" label={t('diff.changed', { count: changed })} sx={{ borderRadius: 1 }} />
        <Box sx={{ flex: 1 }} />
        <Typography variant="caption" color="text.secondary" sx={{ display: 'inline-flex', gap: 1.5 }}>
          <Box component="ins" sx={{ ...insSx, px: 0.5 }}>
            {t('diff.legend_insert')}
          </Box>
          <Box component="del" sx={{ ...delSx, px: 0.5 }}>
            {t('diff.legend_delete')}
          </Box>
        </Typography>
      </Stack>
      {notes.map((note) => (
        <Alert key={note} severity="warning" variant="outlined" sx={{ mb: 1 }}>
          {note}
        </Alert>
      ))}
      {same ? (
        <Alert severity="info" variant="outlined">
          {t('diff.same')}
        </Alert>
      ) : (
        <Box sx={{ fontSize: 14, lineHeight: 1.8, border: line(), borderRadius: 1, p: 1, maxHeight: '60vh', overflow: 'auto', display: 'grid', gap: 0.5 }}>
          {diff.paragraphs.map((entry, i) => (
            <Paragraph key={i} entry={entry} />
          ))}
        </Box>
      )}
      {diff.truncated && (
        <Alert severity="info" variant="outlined" sx={{ mt: 1 }}>
          {t('diff.truncated')}
        </Alert>
      )}
    </Box>
  );
}

export function DiffDialog({ pair, onClose }: { pair: DiffPair | null; onClose: () => void }) {
  const t = useWorkbenchText();
  const diff = useQuery({
    queryKey: workbenchKeys.diff(pair?.kind ?? 'journal', pair?.id ?? 0, pair?.from ?? 0, pair?.to ?? 0),
    queryFn: ({ signal }) => workbenchApi.diff(pair!.kind, pair!.id, pair!.from, pair!.to, signal),
    enabled: pair !== null,
    // versions never change; a deleted one answers 404
    staleTime: 60_000,
    retry: false,
  });
  // the server's message as a notice (and in the dialog)
  useQueryErrorHandler(pair ? diff.error : null);
  return (
    <Frame open={pair !== null} title={t('diff.title', { from: pair?.from ?? '', to: pair?.to ?? '' })} onClose={onClose} maxWidth="lg" testId="diff-dialog">
      {diff.error ? (
        <Alert severity="error">{errorMessage(diff.error)}</Alert>
      ) : diff.data ? (
        <DiffView diff={diff.data} />
      ) : (
        <Stack role="status" direction="row" spacing={1} alignItems="center" sx={{ py: 3, justifyContent: 'center', color: 'text.secondary' }}>
          <CircularProgress size={18} />
          <Typography variant="body2">{t('diff.loading')}</Typography>
        </Stack>
      )}
    </Frame>
  );
}
