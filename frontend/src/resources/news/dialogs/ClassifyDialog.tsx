// Edit the department's classification alone, as a tree dialog: `POST api/news/updateClassify {id, classify}`.
import { useEffect, useMemo, useState } from 'react';
import { Box, Stack } from '@mui/material';
import { useDataProvider } from 'react-admin';
import type { HorizonDataProvider } from '../../../providers/dataProvider';
import type { NewsRow } from '../types';
import { ActionDialog } from './ActionDialog';
import { ClassifyPicker } from './ClassifyPicker';
import { classifyNameMap, classifyNames, useClassifyTree } from './classifyTree';
import { FieldLabel, NewsTitleBlock, useDialogSubmit, useWhileOpen } from './parts';
import { useDialogText } from './useDialogText';

export interface ClassifyDialogProps {
  open: boolean;
  /** `classifyNames` (optional) names the classes the tree does not show. */
  news: (Pick<NewsRow, 'id' | 'title' | 'titleCn' | 'classify'> & Partial<Pick<NewsRow, 'classifyNames'>>) | null;
  onClose: () => void;
  onSaved?: (value: { classify: number[]; classifyNames: string[] }) => void;
}

export function ClassifyDialog({ open, news: newsProp, onClose, onSaved }: ClassifyDialogProps) {
  const news = useWhileOpen(open, newsProp);
  const t = useDialogText();
  const dataProvider = useDataProvider<HorizonDataProvider>();
  const tree = useClassifyTree(open);
  const [classify, setClassify] = useState<number[]>([]);
  const { saving, submit } = useDialogSubmit();

  const openedId = open ? news?.id : undefined;
  useEffect(() => {
    if (news && openedId !== undefined) setClassify([...(news.classify ?? [])]);
  }, [openedId]);

  const names = useMemo(() => classifyNameMap(tree.data ?? []), [tree.data]);
  const known = news?.classifyNames && news.classify ? { ids: news.classify, names: news.classifyNames } : undefined;

  const save = async () => {
    if (!news) return;
    const body = { id: news.id, classify: [...new Set(classify)] };
    await submit(() => dataProvider.call('api/news/updateClassify', { method: 'POST', body }), t('classify.saved'), () => {
      onSaved?.({ classify: body.classify, classifyNames: classifyNames(body.classify, names, known) });
      onClose();
    });
  };

  return (
    <ActionDialog open={open} title={t('classify.title')} onClose={onClose} onConfirm={() => void save()} saving={saving} confirmDisabled={!news || tree.isPending}>
      {news && (
        <Stack spacing={2.5}>
          <NewsTitleBlock news={news} label={t('tags.news_title')} />
          <Box>
            <FieldLabel hint={t('tags.classify_hint')}>{t('tags.classify')}</FieldLabel>
            <ClassifyPicker
              nodes={tree.data}
              loading={tree.isPending}
              error={tree.error}
              onRetry={() => void tree.refetch()}
              value={classify}
              onChange={setClassify}
              known={known}
              disabled={saving}
              maxHeight={360}
            />
          </Box>
        </Stack>
      )}
    </ActionDialog>
  );
}
