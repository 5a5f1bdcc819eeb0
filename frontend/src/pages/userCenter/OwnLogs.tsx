import { Box, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { DataTable, ListBase, Pagination, useTranslate } from 'react-admin';
import { logTitle } from '../../resources/monitor-logs/logText';
import type { LogEntry } from '../../resources/types';
import { browserSummary } from '../../utils/userAgent';

/** The user's own operation log (`GET api/logs/user`). */
export function OwnLogs() {
  const translate = useTranslate();
  const empty = (
    <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
      {translate('app.center.log_empty')}
    </Typography>
  );
  return (
    <ListBase resource="api/logs/user" perPage={10} sort={{ field: 'id', order: 'DESC' }} disableSyncWithLocation>
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable bulkActionButtons={false} rowClick={false} empty={empty} size="small">
          <DataTable.Col
            source="description"
            label="app.center.log_description"
            disableSort
            render={(log: LogEntry) => (
              <Stack direction="row" spacing={1} alignItems="center">
                <span>{logTitle(log)}</span>
                {log.logType === 'ERROR' && <Chip size="small" color="error" variant="outlined" label={translate('app.center.log_failed')} />}
              </Stack>
            )}
          />
          <DataTable.Col source="requestIp" label="app.center.log_ip" disableSort />
          <DataTable.Col
            source="browser"
            label="app.center.log_browser"
            disableSort
            render={(log: LogEntry) => (
              <Tooltip title={log.browser ?? ''}>
                <span>{browserSummary(log.browser)}</span>
              </Tooltip>
            )}
          />
          <DataTable.Col
            source="time"
            label="app.center.log_time"
            disableSort
            render={(log: LogEntry) => (log.time === undefined || log.time === null ? '' : `${log.time} ms`)}
          />
          <DataTable.Col source="createTime" label="app.center.log_create_time" disableSort />
        </DataTable>
      </Box>
      <Pagination rowsPerPageOptions={[10, 20, 50]} />
    </ListBase>
  );
}
