// 稿件版本: the versions of a copy (newest first), 下载, 删除 (never the first), and a new version
// (.doc/.docx, `uploadManu` with `manuId`) while the journal is editable; per version 在线编辑 and 对比
// of two .docx versions (VersionTable; docs/office-design.md §4.9).
import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { WordUploadBox } from '../../shared/files';
import { useApiMutation } from '../../shared/hooks';
import { UPLOAD_MANU_PATH, workbenchApi, workbenchKeys } from '../api';
import type { JournalManuscript } from '../types';
import type { Workbench } from '../useWorkbench';
import { useWorkbenchText } from '../useWorkbenchText';
import { Frame } from './Frame';
import { VersionTable } from './VersionTable';

export function ManuscriptVersionsDialog({ wb, row, onClose }: { wb: Workbench; row: JournalManuscript | null; onClose: () => void }) {
  const t = useWorkbenchText();
  const id = row?.id ?? 0;
  const versions = useQuery({ queryKey: workbenchKeys.versions(id), queryFn: ({ signal }) => workbenchApi.versions(id, signal), enabled: row !== null, staleTime: 0 });
  // the success refresh reloads the versions and the page (react-admin refresh)
  const remove = useApiMutation((version: number) => workbenchApi.removeVersion(id, version), { successMessage: t('versions.deleted') });
  const editable = wb.access.edit;
  return (
    <Frame open={row !== null} title={t('versions.title', { title: row?.title ?? '' })} onClose={onClose} maxWidth="md" testId="versions-dialog">
      <VersionTable
        rows={versions.data}
        loading={versions.isPending}
        error={versions.error}
        deletable={editable}
        deleting={remove.isPending ? (remove.variables ?? null) : null}
        onDelete={(version) => remove.mutate(version)}
        users={wb.users}
        target={{ kind: 'copy', id }}
        onlineEdit={wb.onlineEdit}
      />
      {editable && row && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('versions.upload')}
          </Typography>
          <WordUploadBox
            path={UPLOAD_MANU_PATH}
            label={t('versions.upload')}
            fields={{ manuId: row.id, journalId: wb.journalId, columnId: row.productColumn?.id }}
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
