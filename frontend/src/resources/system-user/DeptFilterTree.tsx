import { useMemo, useState } from 'react';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, InputAdornment, Paper, TextField } from '@mui/material';
import { RichTreeView } from '@mui/x-tree-view/RichTreeView';
import { useListContext } from 'react-admin';
import { useDeptItems } from '../shared/DeptInputs';
import { expandableIds, viewItemsMatching } from '../shared/tree';

/** Left-hand dept tree of the user list: a click filters `deptId` (the server adds the subtree). */
export function DeptFilterTree() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const { items, loading } = useDeptItems();
  const [keyword, setKeyword] = useState('');
  const visible = useMemo(() => viewItemsMatching(items, keyword), [items, keyword]);
  const selected = filterValues.deptId === undefined || filterValues.deptId === null ? null : String(filterValues.deptId);

  const choose = (deptId: string | null) => {
    const { deptId: _previous, ...rest } = filterValues;
    setFilters(deptId === null ? rest : { ...rest, deptId: Number(deptId) }, displayedFilters);
  };

  return (
    <Paper
      variant="outlined"
      sx={{ width: { xs: 'auto', md: 180 }, flexShrink: 0, p: 1, ml: 1, mr: { xs: 1, md: 0 }, maxHeight: { xs: 240, md: 'none' }, overflow: 'auto' }}
    >
      <TextField
        size="small"
        fullWidth
        placeholder="搜索部门"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button size="small" sx={{ mt: 1 }} disabled={selected === null} onClick={() => choose(null)}>
        全部部门
      </Button>
      {visible.length === 0 ? (
        <Box sx={{ p: 1, color: 'text.secondary', fontSize: 13 }}>{loading ? '加载中…' : '暂无数据'}</Box>
      ) : (
        <RichTreeView
          expansionTrigger="iconContainer"
          key={keyword ? `search-${keyword}` : 'all'}
          items={visible}
          selectedItems={selected}
          defaultExpandedItems={expandableIds(visible, keyword ? 10 : 1)}
          onSelectedItemsChange={(_event, id) => choose(id)}
        />
      )}
    </Paper>
  );
}
