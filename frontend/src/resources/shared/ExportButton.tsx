import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { Button } from '@mui/material';
import { useListContext } from 'react-admin';
import { apiDownload, type QueryParams, saveBlob } from '../api';
import { useCan } from './access';
import { useApiErrorHandler } from './hooks';
import { exportFileName } from './text';

/**
 * `GET {apiPath}/download?<current filters>` saved as `yyyy-MM-dd HH:mm:ss-{title}数据.xlsx`.
 * The server ignores paging and exports every matching row.
 */
export function ExportButton({ apiPath, title }: { apiPath: string; title: string }) {
  const { filterValues, resource } = useListContext();
  const allowed = useCan('export', resource);
  const onError = useApiErrorHandler();
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;
  const download = async () => {
    setBusy(true);
    try {
      const blob = await apiDownload(`${apiPath}/download`, filterValues as QueryParams);
      saveBlob(blob, exportFileName(title));
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={() => void download()} disabled={busy}>
      导出
    </Button>
  );
}
