import { Box, Chip, Tooltip, Typography } from '@mui/material';
import { DataTable, SelectInput, TextInput, useRecordContext } from 'react-admin';
import { DateRangeInput } from '../shared/DateRangeInput';
import { AdminList } from '../shared/DialogList';
import { EmptyState, ListToolbar } from '../shared/ListParts';
import type { LogEntry } from '../types';
import { logTitle, prettyParams, truncate } from './logText';

const logTypes = [
  { id: 'INFO', name: '正常' },
  { id: 'ERROR', name: '异常' },
];

const filters = [
  <TextInput key="blurry" source="blurry" label="搜索" placeholder="可搜索用户名、描述、IP、方法、参数" alwaysOn resettable />,
  <SelectInput key="logType" source="logType" label="日志类型" choices={logTypes} alwaysOn emptyText="全部" />,
  <DateRangeInput key="createTime" source="createTime" label="创建时间" alwaysOn />,
];

const Col = DataTable.Col<LogEntry>;

const pre = { m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

/** Expanded row: full params, browser and, for errors, the exception detail. */
function LogDetail() {
  const log = useRecordContext<LogEntry>();
  if (!log) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1, py: 1, whiteSpace: 'normal', wordBreak: 'break-all' }}>
      <Typography variant="caption" color="text.secondary">
        浏览器：{log.browser ?? '-'}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        请求参数
      </Typography>
      <Box component="pre" sx={pre}>
        {prettyParams(log.params) || '-'}
      </Box>
      {log.logType === 'ERROR' && (
        <>
          <Typography variant="caption" color="error">
            异常详情
          </Typography>
          <Box component="pre" sx={{ ...pre, maxHeight: 360, overflow: 'auto' }}>
            {log.exceptionDetail || '-'}
          </Box>
        </>
      )}
    </Box>
  );
}

/** 操作日志 (admin): read-only list with expandable rows. */
export function LogList() {
  return (
    <AdminList
      resource="monitor/logs"
      title="操作日志"
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      actions={<ListToolbar exportPath="api/logs" exportTitle="日志" />}
    >
      <DataTable rowClick="expand" expand={<LogDetail />} bulkActionButtons={false} empty={<EmptyState />}>
        <Col source="username" label="用户名" />
        <Col source="requestIp" label="IP" disableSort />
        <Col source="address" label="IP来源" disableSort />
        <Col source="description" label="描述" disableSort render={logTitle} />
        <Col source="method" label="方法" render={(log) => truncate(log.method, 30)} />
        <Col
          source="params"
          label="参数"
          disableSort
          render={(log) => (
            <Tooltip title={truncate(log.params, 500)}>
              <span>{truncate(log.params)}</span>
            </Tooltip>
          )}
        />
        <Col source="time" label="耗时" render={(log) => (log.time === null || log.time === undefined ? '' : `${log.time}ms`)} />
        <Col source="createTime" label="创建日期" />
        <Col
          source="logType"
          label="类型"
          render={(log) => (
            <Chip size="small" color={log.logType === 'ERROR' ? 'error' : 'success'} label={log.logType === 'ERROR' ? '异常' : '正常'} />
          )}
        />
      </DataTable>
    </AdminList>
  );
}
