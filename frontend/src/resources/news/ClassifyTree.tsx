import { useMemo, useState } from 'react';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { Box, InputAdornment, Skeleton, TextField, Typography } from '@mui/material';
import { RichTreeView } from '@mui/x-tree-view/RichTreeView';
import { useQuery } from '@tanstack/react-query';
import { horizon } from '../../theme/theme';
import { useQueryErrorHandler } from '../shared/hooks';
import { expandableIds, findNode, toViewItems, viewItemsMatching } from '../shared/tree';
import { type ClassifyNode, newsApi, newsKeys } from './api';
import { CLASSIFY_ROOT } from './listState';
import { useNewsT } from './text';

/** The classification tree (`GET api/NewsClassify/list`), cached for the session. */
export function useClassifyTree() {
  const query = useQuery({ queryKey: newsKeys.classify, queryFn: newsApi.classifyTree, staleTime: 5 * 60_000 });
  useQueryErrorHandler(query.error);
  return query;
}

/** Name of a classification id ('全部' for none). */
export function useClassifyName(id: number | null): string | undefined {
  const { data } = useClassifyTree();
  return useMemo(() => {
    if (id === null || !data) return undefined;
    return findNode(data as Array<ClassifyNode & { children?: ClassifyNode[] | null }>, id)?.name;
  }, [data, id]);
}

export interface ClassifyTreeProps {
  /** null = 全部. */
  value: number | null;
  onChange: (classify: number | null) => void;
}

/** Left-hand classification filter: root 全部 (9999) selected means no filter. */
export function ClassifyTree({ value, onChange }: ClassifyTreeProps) {
  const t = useNewsT();
  const { data, isPending } = useClassifyTree();
  const [keyword, setKeyword] = useState('');
  const items = useMemo(() => toViewItems((data ?? []) as Array<ClassifyNode & { id: number; children?: ClassifyNode[] | null }>, (n) => n.name), [data]);
  const visible = useMemo(() => viewItemsMatching(items, keyword), [items, keyword]);
  const selected = String(value ?? CLASSIFY_ROOT);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Typography variant="subtitle2" sx={{ display: 'flex', alignItems: 'center', gap: 0.75, px: 1.5, pt: 1.5, pb: 1, fontWeight: 600, color: 'text.primary' }}>
        <AccountTreeOutlined sx={{ fontSize: 18, color: 'primary.main' }} />
        {t('classify.title')}
      </Typography>
      <Box sx={{ px: 1.25, pb: 1 }}>
        <TextField
          size="small"
          margin="none"
          placeholder={t('classify.search')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': t('classify.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" sx={{ color: horizon('textPlaceholder') }} />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto', px: 0.5, pb: 1 }} data-testid="news-classify-tree">
        {isPending ? (
          <Box sx={{ px: 1 }}>
            {[80, 60, 70, 50, 65, 55].map((w, i) => (
              <Skeleton key={i} variant="text" width={`${w}%`} sx={{ ml: i ? 2 : 0, fontSize: 16 }} />
            ))}
          </Box>
        ) : visible.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 1.5 }}>
            {t('classify.empty')}
          </Typography>
        ) : (
          <RichTreeView
            key={keyword ? `search-${keyword}` : 'all'}
            items={visible}
            selectedItems={selected}
            expansionTrigger="iconContainer"
            defaultExpandedItems={expandableIds(visible, keyword ? 10 : 1)}
            onSelectedItemsChange={(_e, id) => {
              if (id === null) return;
              onChange(Number(id) === CLASSIFY_ROOT ? null : Number(id));
            }}
            sx={{
              '& .MuiTreeItem-content': { py: 0.25, borderRadius: 1 },
              '& .MuiTreeItem-label': { fontSize: 13 },
              '& .MuiTreeItem-content.Mui-selected, & .MuiTreeItem-content[data-selected]': { bgcolor: horizon('brandTintStrong'), color: 'primary.main', fontWeight: 600 },
            }}
          />
        )}
      </Box>
    </Box>
  );
}
