// 期刊已生成: the new journal version with its download link (a short-lived signed link of the
// storage, never the login token) and 在线编辑 of that version in the online editor (when one is
// configured; docs/office-api.md).
import EditNoteIcon from '@mui/icons-material/EditNoteOutlined';
import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../providers/http';
import { filesApi } from '../../shared/files';
import { errorMessage } from '../../shared/hooks';
import { openOfficeEditor } from '../api';
import type { JournalVersion } from '../types';
import { useOnlineEdit } from '../useWorkbench';
import { useWorkbenchText } from '../useWorkbenchText';
import { Frame } from './Frame';

export function GeneratedDialog({ version, journalId, onClose }: { version: JournalVersion | null; journalId: number | null; onClose: () => void }) {
  const t = useWorkbenchText();
  const onlineEdit = useOnlineEdit();
  const fileId = version?.file?.id ?? null;
  const link = useQuery({
    queryKey: ['horizon', 'workbench', 'generatedLink', fileId],
    queryFn: () => filesApi.downloadToken(fileId as number),
    enabled: fileId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  return (
    <Frame open={version !== null} title={t('generated.title')} onClose={onClose} maxWidth="sm" testId="generated-dialog">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('generated.text', { version: version?.version ?? '' })}
      </Typography>
      {fileId === null ? (
        <Alert severity="warning">{t('versions.no_file')}</Alert>
      ) : link.isError ? (
        <Alert severity="error">{t('generated.link_failed', { message: errorMessage(link.error) })}</Alert>
      ) : link.data ? (
        <Link href={apiUrl(link.data.url)} download={version?.file?.realName ?? true} rel="noopener" underline="hover" data-testid="generated-link">
          {version?.file?.realName ?? link.data.url}
        </Link>
      ) : (
        <Stack direction="row" spacing={1} alignItems="center" role="status" sx={{ color: 'text.secondary' }}>
          <CircularProgress size={14} />
          <Typography variant="body2">{t('generated.link_loading')}</Typography>
        </Stack>
      )}
      {onlineEdit && journalId !== null && fileId !== null && version && (
        <Box sx={{ mt: 2 }}>
          <Button size="small" variant="outlined" startIcon={<EditNoteIcon />} onClick={() => openOfficeEditor('journal', journalId, version.version)}>
            {t('generated.online_edit')}
          </Button>
        </Box>
      )}
    </Frame>
  );
}
