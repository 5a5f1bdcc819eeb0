import { Box, Typography } from '@mui/material';
import { DataTable, ListBase, Pagination, useTranslate } from 'react-admin';

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
          <DataTable.Col source="description" label="app.center.log_description" disableSort />
          <DataTable.Col source="requestIp" label="app.center.log_ip" disableSort />
          <DataTable.Col source="browser" label="app.center.log_browser" disableSort />
          <DataTable.Col
            source="time"
            label="app.center.log_time"
            disableSort
            render={(record: { time?: number }) => (record.time === undefined ? '' : `${record.time} ms`)}
          />
          <DataTable.Col source="createTime" label="app.center.log_create_time" disableSort />
        </DataTable>
      </Box>
      <Pagination rowsPerPageOptions={[10, 20, 50]} />
    </ListBase>
  );
}
