// 系统管理 → 新闻分类 (/system/classify, menu component `system/classify/index`, `newsClassify:list`):
// the classification tree with code, order and status; add / edit in a dialog, delete with
// confirmation, drag a row onto another to re-parent it; the root and the noise class are locked.
import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Card, Stack, Typography } from '@mui/material';
import { Confirm as RaConfirm, ResourceContextProvider, Title } from 'react-admin';
import { useCan } from '../shared/access';
import { CLASSIFY_RESOURCE, ROOT_ID } from './api';
import { ClassifyFormDialog, type ClassifyDialogState } from './ClassifyFormDialog';
import { ClassifySearch } from './ClassifySearch';
import { ClassifyTreeTable } from './ClassifyTreeTable';
import { useClassifyTree } from './useClassifyTree';
import { useClassifyText } from './useClassifyText';

export function ClassifyPage() {
  // the row buttons ask the resource context (as in a react-admin list)
  return (
    <ResourceContextProvider value={CLASSIFY_RESOURCE}>
      <ClassifyScreen />
    </ResourceContextProvider>
  );
}

function ClassifyScreen() {
  const t = useClassifyText();
  const state = useClassifyTree();
  const access = { create: useCan('create', CLASSIFY_RESOURCE), edit: useCan('edit', CLASSIFY_RESOURCE), delete: useCan('delete', CLASSIFY_RESOURCE) };
  const [dialog, setDialog] = useState<ClassifyDialogState>({ open: false, node: null });
  const close = () => setDialog((d) => ({ ...d, open: false }));
  const { pending } = state;
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={t('title')} />
      <Card variant="outlined" sx={{ p: 1.5 }}>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between" useFlexGap sx={{ flexWrap: 'wrap' }}>
            <ClassifySearch state={state} />
            <Stack direction="row" spacing={1}>
              {access.create && (
                <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, node: null, parentId: ROOT_ID })}>
                  {t('toolbar.create')}
                </Button>
              )}
              <Button size="small" onClick={state.expandAll}>
                {t('toolbar.expand_all')}
              </Button>
              <Button size="small" onClick={state.collapseAll}>
                {t('toolbar.collapse_all')}
              </Button>
            </Stack>
          </Stack>
          {access.edit && (
            <Typography variant="body2" color="text.secondary">
              {t('hint')}
            </Typography>
          )}
          <ClassifyTreeTable
            state={state}
            access={access}
            onCreateChild={(parent) => setDialog({ open: true, node: null, parentId: parent.id })}
            onEdit={(node) => setDialog({ open: true, node })}
          />
        </Stack>
      </Card>
      <ClassifyFormDialog state={dialog} tree={state.tree} onClose={close} />
      <RaConfirm
        isOpen={pending !== null}
        title={t('move.title')}
        content={pending ? t('move.confirm', { name: pending.node.name, target: pending.target.name }) : ''}
        confirm="确认"
        cancel="取消"
        onConfirm={state.confirmMove}
        onClose={state.cancelMove}
      />
    </Box>
  );
}
