// 历史版本: the journal's versions (`getFiles`, newest first), 下载, 删除 (never the first, never when
// done), and a new journal version (`uploadJournal`) while the journal is editable; per version 在线编辑
// and 对比 of two .docx versions (VersionTable; docs/office-design.md §4.9).
import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { WordUploadBox } from '../../shared/files';
import { useApiMutation } from '../../shared/hooks';
import { UPLOAD_JOURNAL_PATH, workbenchApi, workbenchKeys } from '../api';
import type { Workbench } from '../useWorkbench';
import { useWorkbenchText } from '../useWorkbenchText';
import { Frame } from './Frame';
import { VersionTable } from './VersionTable';

export function JournalVersionsDialog({ wb, open, onClose }: { wb: Workbench; open: boolean; onClose: () => void }) {
  const t = useWorkbenchText();
  const journalId = wb.journalId ?? 0;
  const versions = useQuery({
    queryKey: workbenchKeys.journalVersions(journalId),
    queryFn: ({ signal }) => workbenchApi.journalVersions(journalId, signal),
    enabled: open,
    staleTime: 0,
  });
  const remove = useApiMutation((version: number) => workbenchApi.removeJournalVersion(journalId, version), { successMessage: t('versions.deleted') });
  const writable = wb.access.journalFiles;
  return (
    <Frame open={open} title={t('versions.journal_title')} onClose={onClose} maxWidth="md" testId="journal-versions-dialog">
      <VersionTable
        rows={versions.data}
        loading={versions.isPending}
        error={versions.error}
        deletable={writable}
        deleting={remove.isPending ? (remove.variables ?? null) : null}
        onDelete={(version) => remove.mutate(version)}
        users={wb.users}
        target={{ kind: 'journal', id: journalId }}
        onlineEdit={wb.onlineEdit}
      />
      {writable && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('versions.upload')}
          </Typography>
          <WordUploadBox
            path={UPLOAD_JOURNAL_PATH}
            label={t('versions.upload')}
            fields={{ journalId }}
            onUploaded={() => {
              void versions.refetch();
              void wb.reload();
            }}
          />
        </Box>
      )}
    </Frame>
  );
}
