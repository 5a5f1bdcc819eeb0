// /detail/:id (spec production-admin §2 "Other"): a manuscript on a page of its own — metadata, its
// text or Word file (the 查看 dialog's body), and its versions with their files. `?type=translation`
// (a translation's detail) opens the news detail page of the item instead.
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { Alert, Box, Button, Card, CardContent, CircularProgress, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { requestJson } from '../../providers/http';
import type { Schema } from '../../api';
import { openDownload } from '../shared/files';
import { errorMessage, useNotifyText } from '../shared/hooks';
import { ManuscriptDetails } from './dialogs/ViewManuscriptDialog';
import { MANUSCRIPT_PATH } from './api';
import { useManuscriptText } from './useManuscriptText';

type Version = Schema<'ManuscriptVersionDto'>;

const positiveId = (value: string | undefined): number | null => (value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null);

export function ManuscriptDetailPage() {
  const t = useManuscriptText();
  const navigate = useNavigate();
  const { id: raw } = useParams();
  const [params] = useSearchParams();
  const id = positiveId(raw);
  if (id !== null && params.get('type') === 'translation') return <Navigate to={`/pro/news/detailFull2/${id}`} replace />;
  if (id === null) return <Navigate to="/404" replace />;
  return (
    <Box data-testid="manuscript-detail-page" sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Button size="small" startIcon={<ArrowBackOutlined />} onClick={() => navigate(-1)}>
          {t('detail.back')}
        </Button>
        <Typography variant="h6" component="h1" sx={{ fontSize: 18, fontWeight: 600 }}>
          {t('detail.title')}
        </Typography>
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 280px' }, alignItems: 'start' }}>
        <Card variant="outlined">
          <CardContent>
            <ManuscriptDetails row={{ id }} />
          </CardContent>
        </Card>
        <Versions id={id} />
      </Box>
    </Box>
  );
}

function Versions({ id }: { id: number }) {
  const t = useManuscriptText();
  const notify = useNotifyText();
  const versions = useQuery({ queryKey: ['horizon', 'manuscripts', 'versions', id], queryFn: () => requestJson<Version[]>(`${MANUSCRIPT_PATH}/${id}/versions`) });
  return (
    <Card variant="outlined" data-testid="manuscript-versions">
      <CardContent>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('detail.versions')}
        </Typography>
        {versions.isPending ? (
          <CircularProgress size={18} />
        ) : versions.isError ? (
          <Alert severity="error" variant="outlined">
            {errorMessage(versions.error)}
          </Alert>
        ) : versions.data.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('detail.no_versions')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {versions.data.map((v) => (
              <ListItem
                key={v.version}
                disableGutters
                divider
                secondaryAction={
                  v.file ? (
                    <Button
                      size="small"
                      startIcon={<DownloadOutlined />}
                      onClick={() => void openDownload(v.file!.id).catch((e: unknown) => notify(t('view.download_failed', { message: errorMessage(e) }), 'error'))}
                    >
                      {t('view.download')}
                    </Button>
                  ) : undefined
                }
              >
                <ListItemText primary={t('detail.version', { n: v.version })} secondary={[v.createTime?.slice(0, 16), v.createBy, v.file ? null : t('detail.no_file')].filter(Boolean).join(' · ')} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
