import { DataTable, SelectInput, TextInput } from 'react-admin';
import { useRowPermissions } from '../shared/access';
import { DateRangeInput } from '../shared/DateRangeInput';
import { BulkDeleteButton, DeleteRowButton } from '../shared/DeleteButtons';
import { DialogList } from '../shared/DialogList';
import { EnabledSwitch } from '../shared/EnabledSwitch';
import { actionsColumnSx, EditIconButton, EmptyState, enabledChoices, RowActions } from '../shared/ListParts';
import type { Job } from '../types';
import { JobFormDialog } from './JobFormDialog';
import { jobWithEnabled } from './jobForm';

const filters = [
  <TextInput key="name" source="name" label="岗位名称" placeholder="输入岗位名称搜索" alwaysOn resettable />,
  <SelectInput key="enabled" source="enabled" label="状态" choices={enabledChoices} alwaysOn emptyText="全部" />,
  <DateRangeInput key="createTime" source="createTime" label="创建时间" alwaysOn />,
];

const Col = DataTable.Col<Job>;

/** 岗位管理 (positions, `api/job`; not the scheduled jobs). */
export function JobList() {
  const { canEdit, canDelete } = useRowPermissions('system/job');
  return (
    <DialogList<Job>
      resource="system/job"
      title="岗位管理"
      filters={filters}
      sort={{ field: 'jobSort', order: 'ASC' }}
      exportPath="api/job"
      exportTitle="岗位"
      dialog={({ open, record, onClose }) => <JobFormDialog open={open} job={record} onClose={onClose} />}
    >
      {(onEdit) => (
        <DataTable rowClick={false} bulkActionButtons={canDelete ? <BulkDeleteButton /> : false} empty={<EmptyState />}>
          <Col source="name" label="名称" />
          <Col source="jobSort" label="排序" />
          <Col
            source="enabled"
            label="状态"
            render={(job) => <EnabledSwitch record={job} name={job.name} toPayload={jobWithEnabled} />}
          />
          <Col source="createTime" label="创建日期" />
          {(canEdit || canDelete) && (
            <Col
              label="操作"
              disableSort
              sx={actionsColumnSx}
              render={(job) => (
                <RowActions>
                  <EditIconButton onClick={() => onEdit(job)} />
                  <DeleteRowButton record={job} />
                </RowActions>
              )}
            />
          )}
        </DataTable>
      )}
    </DialogList>
  );
}
