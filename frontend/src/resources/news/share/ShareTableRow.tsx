import { Box, Button, Chip, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import type { ShareRow } from '../api';
import type { NewsT } from '../text';

const userName = (u: ShareRow['fromId']) => u?.nickName || u?.username || '—';

/** One share: the item's titles, who shared it with whom and when, the note, and the ways to open it. */
export function ShareTableRow({ row, canTranslate, open, t }: { row: ShareRow; canTranslate: boolean; open: (row: ShareRow, trans?: boolean) => Promise<void>; t: NewsT }) {
  const main = row.newsTitleCn?.trim() || row.newsTitle || '—';
  const original = row.newsTitleCn?.trim() && row.newsTitle !== row.newsTitleCn ? row.newsTitle : null;
  return (
    <TableRow
      hover
      data-share-id={row.id}
      onClick={(e) => {
        if (!(e.target as HTMLElement).closest('button, a')) void open(row);
      }}
      sx={{ cursor: 'pointer', verticalAlign: 'top', '& > td': { py: 1.25 } }}
    >
      <TableCell sx={{ whiteSpace: 'normal' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography sx={{ fontSize: 14, fontWeight: 500, color: row.newsDeleted ? 'text.disabled' : 'text.primary', lineHeight: 1.5 }}>{main}</Typography>
          {row.newsDeleted && <Chip size="small" label={t('share_list.deleted')} sx={{ height: 20, fontSize: 12 }} />}
        </Box>
        {original && (
          <Typography sx={{ fontSize: 12.5, color: 'text.secondary', mt: 0.25, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: 640 }}>
            {original}
          </Typography>
        )}
      </TableCell>
      <TableCell>{userName(row.fromId)}</TableCell>
      <TableCell>{userName(row.toId)}</TableCell>
      <TableCell sx={{ color: 'text.secondary' }}>{row.createTime?.slice(0, 16)}</TableCell>
      <TableCell sx={{ whiteSpace: 'normal', color: row.content ? 'text.primary' : 'text.disabled' }}>
        <Tooltip title={row.content ?? ''} enterDelay={500}>
          <Box sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>{row.content || '—'}</Box>
        </Tooltip>
      </TableCell>
      <TableCell>
        <Button size="small" sx={{ minWidth: 0, px: 0.75 }} onClick={() => void open(row)}>
          {t('share_list.open')}
        </Button>
        {canTranslate && (
          <Button size="small" sx={{ minWidth: 0, px: 0.75 }} onClick={() => void open(row, true)}>
            {t('share_list.translate')}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}
