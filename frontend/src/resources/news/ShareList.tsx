import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import MoveToInboxOutlined from '@mui/icons-material/MoveToInboxOutlined';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  InputAdornment,
  LinearProgress,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { horizon, line } from '../../theme/theme';
import { type ListState, type ShareType, SHARE_PAGE_SIZES, withContent, withPage, withShareType, withSize, pageCountOf } from './listState';
import { ListPager } from '../shared/pager/ListPager';
import { ShareTableRow } from './share/ShareTableRow';
import { useShareList } from './share/useShareList';

export interface ShareListProps {
  state: ListState;
  onChange: (next: ListState) => void;
}

/**
 * 分享: 我的分享 (`GET api/newsSuggest?fromId=<me>`) and 分享给我 (`toId=<me>`), 15 a page. A row
 * opens the item (detailFull2) in a new window, after checking that the share's item still exists
 * (`GET api/newsSuggest/{id}`: 404 `该分享的新闻已被删除`). The logic lives in share/useShareList.ts.
 */
export function ShareList({ state, onChange }: ShareListProps) {
  const { t, user, title, setTitle, list, rows, total, loadingFirst, areaRef, height, open } = useShareList(state);
  const mine = state.shareType === 'from';

  return (
    <Box ref={areaRef} sx={{ display: 'flex', flexDirection: 'column', height }} data-testid="share-list">
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, px: 1.5, py: 1, borderBottom: line() }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={state.shareType}
          onChange={(_e, v: ShareType | null) => v && v !== state.shareType && onChange(withShareType(state, v))}
          sx={{ '& .MuiToggleButton-root': { px: 2, py: 0.375, fontSize: 13 } }}
        >
          <ToggleButton value="from">
            <ForwardToInboxOutlined sx={{ fontSize: 17, mr: 0.75 }} />
            {t('share_tabs.from')}
          </ToggleButton>
          <ToggleButton value="to">
            <MoveToInboxOutlined sx={{ fontSize: 17, mr: 0.75 }} />
            {t('share_tabs.to')}
          </ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            onChange(withContent(state, title));
          }}
          sx={{ width: 260 }}
        >
          <TextField
            size="small"
            margin="none"
            value={title}
            placeholder={t('share_list.search')}
            onChange={(e) => setTitle(e.target.value)}
            onBlur={() => title.trim() !== state.content && onChange(withContent(state, title))}
            slotProps={{
              htmlInput: { 'aria-label': t('share_list.search'), maxLength: 200 },
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
      </Box>
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
        {list.isFetching && !loadingFirst && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3, height: 2 }} />}
        <TableContainer sx={{ height: '100%' }}>
          <Table stickyHeader size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('share_list.title')}</TableCell>
                <TableCell sx={{ width: 110 }}>{t('share_list.from')}</TableCell>
                <TableCell sx={{ width: 110 }}>{t('share_list.to')}</TableCell>
                <TableCell sx={{ width: 160 }}>{t('share_list.time')}</TableCell>
                <TableCell sx={{ width: '24%' }}>{t('share_list.note')}</TableCell>
                <TableCell sx={{ width: 110 }}>{t('share_list.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {loadingFirst ? (
                Array.from({ length: 6 }, (_, i) => (
                  <TableRow key={i}>
                    <TableCell>
                      <Skeleton variant="text" width="70%" />
                      <Skeleton variant="text" width="45%" sx={{ fontSize: 12 }} />
                    </TableCell>
                    {[60, 60, 120, 140, 60].map((w, j) => (
                      <TableCell key={j}>
                        <Skeleton variant="text" width={w} />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              ) : rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6} sx={{ border: 0 }}>
                    <Box data-testid="share-empty" sx={{ py: 10, textAlign: 'center' }}>
                      {mine ? (
                        <ForwardToInboxOutlined sx={{ fontSize: 56, color: horizon('textPlaceholder') }} />
                      ) : (
                        <MoveToInboxOutlined sx={{ fontSize: 56, color: horizon('textPlaceholder') }} />
                      )}
                      <Typography color="text.secondary" sx={{ mt: 1 }}>
                        {mine ? t('share_list.empty_from') : t('share_list.empty_to')}
                      </Typography>
                    </Box>
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((row) => <ShareTableRow key={row.id} row={row} canTranslate={user.abilities.translate} open={open} t={t} />)
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Box>
      <Box sx={{ borderTop: line() }}>
        <ListPager
          total={total}
          page={state.page}
          size={state.size}
          sizes={SHARE_PAGE_SIZES}
          disabled={loadingFirst}
          onPage={(p) => p !== state.page && onChange(withPage(state, p, Math.max(pageCountOf(total, state.size), state.page)))}
          onSize={(s) => s !== state.size && onChange(withSize(state, s))}
        />
      </Box>
    </Box>
  );
}
