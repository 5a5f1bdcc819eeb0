import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import {
  Box,
  Button,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { NumberInput, TextInput } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { useCan } from '../shared/access';
import { ConfirmButton } from '../shared/ConfirmButton';
import { FormDialog } from '../shared/FormDialog';
import { useApiMutation, useQueryErrorHandler } from '../shared/hooks';
import { actionsColumnSx, EditIconButton, EmptyState, RowActions, TablePager } from '../shared/ListParts';
import { deleteConfirmText, MESSAGES } from '../shared/text';
import type { Dict, DictDetail, Page } from '../types';
import {
  type DetailFormValues,
  type DetailPayload,
  detailToFormValues,
  emptyDetailForm,
  formValuesToDetail,
  validateDetailForm,
} from './dictForm';

const RESOURCE = 'system/dict';

/** Right-hand panel: the details of one dict (`GET api/dictDetail?dictName=`), sorted by dictSort. */
export function DictDetailPanel({ dict }: { dict: Dict | null }) {
  return (
    <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, mx: { xs: 1, md: 0 }, mr: { md: 1 }, mb: 1, p: 1.5 }}>
      {dict ? (
        <Details key={dict.id} dict={dict} />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          选择一个字典，查看并维护它的字典详情
        </Typography>
      )}
    </Paper>
  );
}

function Details({ dict }: { dict: Dict }) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const [dialog, setDialog] = useState<{ open: boolean; detail: DictDetail | null }>({ open: false, detail: null });
  const canCreate = useCan('create', RESOURCE);
  const canDelete = useCan('delete', RESOURCE);
  const canEdit = useCan('edit', RESOURCE);

  const { data, isPending, isFetching, error } = useQuery({
    queryKey: ['horizon', 'dictDetail', dict.name, page, size],
    queryFn: () =>
      api.get<Page<DictDetail>>('api/dictDetail', { dictName: dict.name, page, size, sort: 'dictSort,asc' }),
    placeholderData: keepPreviousData,
  });
  useQueryErrorHandler(error);
  const rows = data?.content ?? [];

  const save = useApiMutation(
    (payload: DetailPayload) => (payload.id ? api.put('api/dictDetail', payload) : api.post('api/dictDetail', payload)),
    {
      successMessage: (payload) => (payload.id ? MESSAGES.updated : MESSAGES.created),
      onSuccess: () => setDialog((d) => ({ ...d, open: false })),
    },
  );
  const remove = useApiMutation((id: number) => api.del(`api/dictDetail/${id}`), { successMessage: MESSAGES.deleted });

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          字典详情：{dict.name}
          {dict.description ? `（${dict.description}）` : ''}
        </Typography>
        {canCreate && (
          <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, detail: null })}>
            新增
          </Button>
        )}
      </Box>
      {(isPending || isFetching) && <LinearProgress />}
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>所属字典</TableCell>
              <TableCell>字典标签</TableCell>
              <TableCell>字典值</TableCell>
              <TableCell>排序</TableCell>
              {(canEdit || canDelete) && <TableCell sx={actionsColumnSx}>操作</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((detail) => (
              <TableRow key={detail.id} hover>
                <TableCell>{dict.name}</TableCell>
                <TableCell>{detail.label}</TableCell>
                <TableCell>{detail.value}</TableCell>
                <TableCell>{detail.dictSort}</TableCell>
                {(canEdit || canDelete) && (
                  <TableCell sx={actionsColumnSx}>
                    <RowActions>
                      <EditIconButton onClick={() => setDialog({ open: true, detail })} />
                      {canDelete && (
                        <ConfirmButton
                          label="删除"
                          color="error"
                          icon={<DeleteIcon fontSize="small" />}
                          content={deleteConfirmText(1)}
                          loading={remove.isPending}
                          onConfirm={() => remove.mutate(detail.id)}
                        />
                      )}
                    </RowActions>
                  </TableCell>
                )}
              </TableRow>
            ))}
            {!isPending && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>
                  <EmptyState />
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager
        count={data?.totalElements ?? 0}
        page={page}
        size={size}
        sizes={[10, 20, 50, 100]}
        onPageChange={setPage}
        onSizeChange={(next) => {
          setSize(next);
          setPage(0);
        }}
      />
      <FormDialog<DetailFormValues>
        open={dialog.open}
        title={dialog.detail ? '编辑字典详情' : '新增字典详情'}
        values={dialog.detail ? detailToFormValues(dialog.detail) : emptyDetailForm}
        validate={(v) => validateDetailForm(v as DetailFormValues)}
        onSubmit={(v) => save.mutate(formValuesToDetail(v, dict.id))}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        saving={save.isPending}
        maxWidth="xs"
      >
        <TextInput source="label" label="字典标签" isRequired />
        <TextInput source="value" label="字典值" isRequired />
        <NumberInput source="dictSort" label="排序" min={0} step={1} isRequired />
      </FormDialog>
    </>
  );
}
