import { useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useListContext, useNotify, useResourceContext, useTranslate } from 'react-admin';
import { download, resolveApiPath } from '../providers/dataProvider';

/**
 * Server-side export of a list (`GET {apiPath}/download` with the current filters → xlsx), for list
 * toolbars. `title` names the file (`…-{title}数据.xlsx`); default: the resource's singular name.
 */
export function ExportButton({ title }: { title?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const resource = useResourceContext() ?? '';
  const { filterValues } = useListContext();
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    try {
      const name = title ?? translate(`resources.${resource}.name`, { smart_count: 1, _: resource });
      await download(resolveApiPath(resource), filterValues, name);
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'app.export.failed', { type: 'error' });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Button
      size="small"
      onClick={() => void run()}
      disabled={running}
      startIcon={running ? <CircularProgress size={14} color="inherit" /> : <DownloadIcon />}
    >
      {translate(running ? 'app.export.running' : 'ra.action.export')}
    </Button>
  );
}
