// 系统管理 → 新闻主题 (/system/theme, menu component `system/theme/index`, `newsTheme:list`): the
// themes with their keywords, search by name, add / edit in a dialog, batch add, (bulk) delete.
import { useMemo, useState } from 'react';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { DataTable, TextInput } from 'react-admin';
import { useCan, useRowPermissions } from '../shared/access';
import { BulkDeleteButton, DeleteRowButton } from '../shared/DeleteButtons';
import { DialogList } from '../shared/DialogList';
import { actionsColumnSx, EditIconButton, EllipsisText, EmptyState, RowActions } from '../shared/ListParts';
import { type NewsTheme, THEME_RESOURCE } from './api';
import { ThemeBatchDialog } from './ThemeBatchDialog';
import { ThemeFormDialog } from './ThemeFormDialog';
import { useThemeText } from './useThemeText';

const Col = DataTable.Col<NewsTheme>;
/** Keywords shown as chips in a row; the rest are counted (+N), and the cell title lists them all. */
const SHOWN_KEYWORDS = 6;

function Keywords({ keywords }: { keywords: string[] }) {
  const t = useThemeText();
  if (keywords.length === 0) return <Typography variant="body2" color="text.secondary">{t('no_keywords')}</Typography>;
  const rest = keywords.length - SHOWN_KEYWORDS;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', maxWidth: 520 }} title={keywords.join('，')}>
      {keywords.slice(0, SHOWN_KEYWORDS).map((k) => (
        <Chip key={k} size="small" variant="outlined" label={k} sx={{ height: 22 }} />
      ))}
      {rest > 0 && <Chip size="small" label={t('more_keywords', { count: rest })} sx={{ height: 22 }} />}
    </Stack>
  );
}

export function ThemeList() {
  const t = useThemeText();
  const { canEdit, canDelete } = useRowPermissions(THEME_RESOURCE);
  const canCreate = useCan('create', THEME_RESOURCE);
  const [batchOpen, setBatchOpen] = useState(false);
  const filters = useMemo(
    () => [<TextInput key="title" source="title" label={t('search.title')} placeholder={t('search.title_placeholder')} alwaysOn resettable />],
    [t],
  );
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ px: 0.5 }}>
        {t('hint')}
      </Typography>
      <DialogList<NewsTheme>
        resource={THEME_RESOURCE}
        title={t('title')}
        filters={filters}
        sort={{ field: 'seq', order: 'ASC' }}
        toolbar={
          canCreate && (
            <Button size="small" startIcon={<PlaylistAddIcon />} onClick={() => setBatchOpen(true)}>
              {t('batch.button')}
            </Button>
          )
        }
        dialog={({ open, record, onClose }) => <ThemeFormDialog open={open} theme={record} onClose={onClose} />}
      >
        {(onEdit) => (
          <DataTable rowClick={false} bulkActionButtons={canDelete ? <BulkDeleteButton /> : false} empty={<EmptyState text={t('empty')} />}>
            <Col source="title" label={t('col.title')} render={(theme) => <EllipsisText text={theme.title} maxWidth={240} />} />
            <Col source="keywords" label={t('col.keywords')} disableSort render={(theme) => <Keywords keywords={theme.keywords ?? []} />} />
            <Col source="seq" label={t('col.seq')} />
            <Col source="createTime" label={t('col.create_time')} />
            {(canEdit || canDelete) && (
              <Col
                label={t('col.actions')}
                disableSort
                sx={actionsColumnSx}
                render={(theme) => (
                  <RowActions>
                    <EditIconButton onClick={() => onEdit(theme)} />
                    <DeleteRowButton record={theme} />
                  </RowActions>
                )}
              />
            )}
          </DataTable>
        )}
      </DialogList>
      <ThemeBatchDialog open={batchOpen} onClose={() => setBatchOpen(false)} />
    </Box>
  );
}
