// 查看: a manuscript's details (`GET api/manuscript/{id}`) with its text (动态稿件) or its Word file
// to download (本地上传, through a signed download link).
import { useState } from 'react';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { Alert, Box, Button, Chip, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatSize, openDownload } from '../../shared/files';
import { looksLikeHtml, sanitizeNewsHtml, toParagraphs } from '../../shared/sanitize';
import { errorMessage, useNotifyText } from '../../shared/hooks';
import { manuscriptKeys, manuscriptsApi } from '../api';
import { DialogFrame } from '../DialogFrame';
import { columnNames, creatorName, downloadableFileId, manuscriptType, reviewerNames } from '../format';
import { useUsers } from '../lookups';
import type { Manuscript } from '../types';
import { useManuscriptText } from '../useManuscriptText';
import { horizon } from '../../../theme/theme';

export interface ViewManuscriptDialogProps {
  manuscript: Manuscript | null;
  onClose: () => void;
}

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack direction="row" spacing={1} sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0, width: 64 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
        {value || '—'}
      </Typography>
    </Stack>
  );
}

export function ViewManuscriptDialog({ manuscript, onClose }: ViewManuscriptDialogProps) {
  const t = useManuscriptText();
  const [last, setLast] = useState(manuscript);
  if (manuscript && manuscript !== last) setLast(manuscript);
  const row = manuscript ?? last;
  const open = manuscript !== null;
  if (!row) return null;
  return (
    <DialogFrame open={open} title={t('view.title')} onClose={onClose} maxWidth="md" testId="view-manuscript-dialog">
      <ManuscriptDetails row={row} enabled={open} />
    </DialogFrame>
  );
}

/**
 * A manuscript's details, text or file (the 查看 dialog and the /detail/:id page): the list row shows
 * at once, `GET api/manuscript/{id}` fills in the rest. `row` may be a stub `{id}` (the page).
 */
export function ManuscriptDetails({ row, enabled = true }: { row: Pick<Manuscript, 'id'> & Partial<Manuscript>; enabled?: boolean }) {
  const t = useManuscriptText();
  const notify = useNotifyText();
  const detail = useQuery({
    queryKey: manuscriptKeys.one(row.id),
    queryFn: ({ signal }) => manuscriptsApi.one(row.id, signal),
    enabled,
    staleTime: 10_000,
  });
  const users = useUsers(enabled);
  const [downloading, setDownloading] = useState(false);
  const full = (detail.data && detail.data.id === row.id ? { ...row, ...detail.data } : row) as Manuscript;
  if (full.title === undefined) {
    return detail.isError ? (
      <Alert severity="error" variant="outlined">
        {errorMessage(detail.error)}
      </Alert>
    ) : (
      <Stack direction="row" spacing={1} alignItems="center" sx={{ color: 'text.secondary', py: 4 }} role="status">
        <CircularProgress size={16} />
        <Typography variant="body2">{t('common.loading')}</Typography>
      </Stack>
    );
  }

  const type = manuscriptType(full);
  const fileId = downloadableFileId(full);
  const file = full.files?.[0];
  const content = full.content ?? null;

  const download = async () => {
    if (fileId === null) return;
    setDownloading(true);
    try {
      await openDownload(fileId);
    } catch (error) {
      notify(t('view.download_failed', { message: errorMessage(error) }), 'error');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} alignItems="center">
        <Chip size="small" variant="outlined" color={type === 'dynamic' ? 'primary' : 'default'} label={t(`type.${type}`)} />
        <Typography variant="subtitle1" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
          {full.title}
        </Typography>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 0.75 }}>
        <Field label={t('columns.product')} value={full.product?.name} />
        <Field label={t('columns.column')} value={columnNames(full)} />
        <Field label={t('columns.first_author')} value={full.firstAuthor} />
        <Field label={t('columns.reviewer')} value={reviewerNames(full, users.data)} />
        <Field label={t('columns.dept')} value={full.dept?.name} />
        <Field label={t('columns.creator')} value={creatorName(full)} />
        <Field label={t('columns.create_time')} value={full.createTime} />
        <Field label={t('form.memo')} value={full.memo} />
      </Box>
      <Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          {t('columns.abstracts')}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', bgcolor: horizon('fill'), p: 1.25, borderRadius: 1 }}>
          {full.abstracts || '—'}
        </Typography>
      </Box>
      <Divider />
      {detail.isPending ? (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ color: 'text.secondary' }} role="status">
          <CircularProgress size={16} />
          <Typography variant="body2">{t('common.loading')}</Typography>
        </Stack>
      ) : detail.isError ? (
        <Alert
          severity="error"
          variant="outlined"
          action={
            <Button color="inherit" size="small" onClick={() => void detail.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {errorMessage(detail.error)}
        </Alert>
      ) : null}
      {fileId !== null && (
        <Stack direction="row" spacing={1} alignItems="center" data-testid="manuscript-file">
          <DescriptionOutlined color="primary" fontSize="small" />
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {file?.realName ?? t('view.file')}
          </Typography>
          {file?.size !== undefined && (
            <Typography variant="caption" color="text.secondary">
              {formatSize(file.size)}
            </Typography>
          )}
          <Button size="small" variant="outlined" startIcon={downloading ? <CircularProgress size={14} /> : <DownloadOutlined />} onClick={() => void download()} disabled={downloading}>
            {t('view.download')}
          </Button>
        </Stack>
      )}
      {!detail.isPending && !detail.isError && (content || fileId === null) && (
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t('view.content')}
          </Typography>
          {content ? (
            looksLikeHtml(content) ? (
              <Box
                data-testid="manuscript-content"
                sx={{ fontSize: 14, lineHeight: 1.8, '& img': { maxWidth: '100%' }, '& p': { my: 0.75 } }}
                dangerouslySetInnerHTML={{ __html: sanitizeNewsHtml(content) }}
              />
            ) : (
              <Box data-testid="manuscript-content" sx={{ fontSize: 14, lineHeight: 1.8 }}>
                {toParagraphs(content).map((p, i) => (
                  <Typography key={i} variant="body2" sx={{ my: 0.75 }}>
                    {p}
                  </Typography>
                ))}
              </Box>
            )
          ) : (
            <Typography variant="body2" color="text.secondary">
              {type === 'upload' ? t('view.no_file') : t('view.no_content')}
            </Typography>
          )}
        </Box>
      )}
    </Stack>
  );
}
