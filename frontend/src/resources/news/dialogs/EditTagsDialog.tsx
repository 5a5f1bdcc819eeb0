// Edit the department's classification and keywords of one item (编辑分类与关键词):
// `POST api/news/updateClassifyAndKeywords {id, classify, keywords}`.
import { useEffect, useMemo, useState } from 'react';
import { Box, Stack } from '@mui/material';
import { useDataProvider } from 'react-admin';
import type { HorizonDataProvider } from '../../../providers/dataProvider';
import type { NewsRow } from '../types';
import { ActionDialog } from './ActionDialog';
import { ClassifyPicker } from './ClassifyPicker';
import { classifyNameMap, classifyNames, useClassifyTree } from './classifyTree';
import { KeywordTags, type TagEdit, withPendingEdit } from './KeywordTags';
import { FieldLabel, NewsTitleBlock, useDialogSubmit, useWhileOpen } from './parts';
import { normaliseTags } from './tags';
import { useDialogText } from './useDialogText';

export interface EditTagsDialogProps {
  open: boolean;
  /** `classifyNames` (optional) names the classes the tree does not show. */
  news: (Pick<NewsRow, 'id' | 'title' | 'titleCn' | 'classify' | 'keywords'> & Partial<Pick<NewsRow, 'classifyNames'>>) | null;
  onClose: () => void;
  /** Called after a successful save with the saved values (the list updates the row in place). */
  onSaved?: (value: { classify: number[]; classifyNames: string[]; keywords: string[] }) => void;
}

/** The body of `updateClassifyAndKeywords`: the pending edit applied, keywords normalised, classes unique. */
export function classifyKeywordsBody(id: number, classify: readonly number[], tags: readonly string[], editing: TagEdit | null) {
  return { id, classify: [...new Set(classify)], keywords: normaliseTags(withPendingEdit(tags, editing)) };
}

export function EditTagsDialog({ open, news: newsProp, onClose, onSaved }: EditTagsDialogProps) {
  const news = useWhileOpen(open, newsProp);
  const t = useDialogText();
  const dataProvider = useDataProvider<HorizonDataProvider>();
  const tree = useClassifyTree(open);
  const [tags, setTags] = useState<string[]>([]);
  const [editing, setEditing] = useState<TagEdit | null>(null);
  const [classify, setClassify] = useState<number[]>([]);
  const { saving, submit } = useDialogSubmit();

  // a fresh copy of the item's values each time the dialog opens (not when the parent re-renders)
  const openedId = open ? news?.id : undefined;
  useEffect(() => {
    if (!news || openedId === undefined) return;
    setTags([...(news.keywords ?? [])]);
    setEditing(null);
    setClassify([...(news.classify ?? [])]);
  }, [openedId]);

  const names = useMemo(() => classifyNameMap(tree.data ?? []), [tree.data]);
  const known = news?.classifyNames && news.classify ? { ids: news.classify, names: news.classifyNames } : undefined;

  const save = async () => {
    if (!news) return;
    const body = classifyKeywordsBody(news.id, classify, tags, editing);
    setTags(body.keywords);
    setEditing(null);
    await submit(() => dataProvider.call('api/news/updateClassifyAndKeywords', { method: 'POST', body }), t('tags.saved'), () => {
      onSaved?.({ classify: body.classify, classifyNames: classifyNames(body.classify, names, known), keywords: body.keywords });
      onClose();
    });
  };

  return (
    <ActionDialog open={open} title={t('tags.title')} onClose={onClose} onConfirm={() => void save()} saving={saving} confirmDisabled={!news || tree.isPending}>
      {news && (
        <Stack spacing={2.5}>
          <NewsTitleBlock news={news} label={t('tags.news_title')} />
          <Box>
            <FieldLabel hint={t('tags.keywords_hint')}>{t('tags.keywords')}</FieldLabel>
            <KeywordTags
              tags={tags}
              editing={editing}
              disabled={saving}
              onChange={(nextTags, nextEditing) => {
                setTags(nextTags);
                setEditing(nextEditing);
              }}
            />
          </Box>
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
            />
          </Box>
        </Stack>
      )}
    </ActionDialog>
  );
}
