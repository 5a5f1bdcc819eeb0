// The manuscript table: 序号, 标题, 类型, 产品, 栏目, 摘要, 供稿, 审稿, 单位, 投稿人, 投稿时间, 操作,
// with one-based page numbers (sent zero-based) and the spec's page sizes.
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { ListPager } from '../shared/pager/ListPager';
import { actionsColumnSx } from '../shared/ListParts';
import type { AppAbility } from '../../providers/ability';
import { rowAbilities } from './access';
import { columnNames, creatorName, manuscriptType, reviewerNames } from './format';
import { MANUSCRIPT_PAGE_SIZES } from './listState';
import type { Manuscript, SelectableUser } from './types';
import { useManuscriptText } from './useManuscriptText';
import { horizon, line } from '../../theme/theme';

export type ManuscriptAction = 'view' | 'editColumn' | 'editAbstract' | 'delete';

export interface ManuscriptTableProps {
  rows: readonly Manuscript[];
  total: number;
  /** One-based. */
  page: number;
  size: number;
  loading: boolean;
  refreshing: boolean;
  /** The list failed and there is nothing to show. */
  failed: boolean;
  failMessage?: string;
  onRetry: () => void;
  empty: { text: string; hint?: string; filtered: boolean };
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  ability: AppAbility;
  users: readonly SelectableUser[] | undefined;
  onAction: (action: ManuscriptAction, row: Manuscript) => void;
}

const COLUMN_COUNT = 12;

function Cut({ text, width }: { text: string | null | undefined; width: number }) {
  const value = text ?? '';
  if (!value) return <>—</>;
  return (
    <Tooltip title={value} enterDelay={500} placement="top-start">
      <Box component="span" sx={{ display: 'block', maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {value}
      </Box>
    </Tooltip>
  );
}

export function ManuscriptTable(props: ManuscriptTableProps) {
  const { rows, total, page, size, loading, refreshing, failed, failMessage, onRetry, empty, onPage, onSize, ability, users, onAction } = props;
  const t = useManuscriptText();

  const body = () => {
    if (loading) {
      return Array.from({ length: 6 }, (_, i) => (
        <TableRow key={i} data-testid="manuscript-skeleton-row">
          {Array.from({ length: COLUMN_COUNT }, (_, j) => (
            <TableCell key={j}>
              <Skeleton variant="text" width={j === 1 ? 180 : 56} />
            </TableCell>
          ))}
        </TableRow>
      ));
    }
    if (failed) {
      return (
        <TableRow>
          <TableCell colSpan={COLUMN_COUNT} sx={{ border: 0, py: 4 }}>
            <Alert
              severity="error"
              variant="outlined"
              action={
                <Button color="inherit" size="small" onClick={onRetry}>
                  {t('list.retry')}
                </Button>
              }
            >
              {t('list.load_failed')}
              {failMessage ? `：${failMessage}` : ''}
            </Alert>
          </TableCell>
        </TableRow>
      );
    }
    if (rows.length === 0) {
      return (
        <TableRow>
          <TableCell colSpan={COLUMN_COUNT} sx={{ border: 0 }}>
            <Box data-testid="manuscript-empty" sx={{ py: 8, textAlign: 'center', color: 'text.secondary' }}>
              <Box sx={{ color: horizon('textPlaceholder'), '& svg': { fontSize: 52 } }}>{empty.filtered ? <SearchOffOutlined /> : <InboxOutlined />}</Box>
              <Typography variant="body1" color="text.secondary" sx={{ mt: 1 }}>
                {empty.text}
              </Typography>
              {empty.hint && (
                <Typography variant="caption" color="text.disabled">
                  {empty.hint}
                </Typography>
              )}
              {page > 1 && total > 0 && (
                <Box sx={{ mt: 2 }}>
                  <Button size="small" variant="outlined" onClick={() => onPage(1)}>
                    {t('list.first_page')}
                  </Button>
                </Box>
              )}
            </Box>
          </TableCell>
        </TableRow>
      );
    }
    return rows.map((row, i) => {
      const can = rowAbilities(row, ability);
      const type = manuscriptType(row);
      return (
        <TableRow key={row.id} hover data-manuscript-id={row.id}>
          <TableCell>{(page - 1) * size + i + 1}</TableCell>
          <TableCell sx={{ fontWeight: 500 }}>
            <Cut text={row.title} width={260} />
          </TableCell>
          <TableCell>
            <Chip size="small" variant="outlined" color={type === 'dynamic' ? 'primary' : 'default'} label={t(`type.${type}`)} sx={{ height: 22, fontSize: 12 }} />
          </TableCell>
          <TableCell>
            <Cut text={row.product?.name} width={140} />
          </TableCell>
          <TableCell data-testid="manuscript-columns">
            <Cut text={columnNames(row)} width={160} />
          </TableCell>
          <TableCell>
            <Cut text={row.abstracts} width={220} />
          </TableCell>
          <TableCell>
            <Cut text={row.firstAuthor} width={100} />
          </TableCell>
          <TableCell>
            <Cut text={reviewerNames(row, users)} width={120} />
          </TableCell>
          <TableCell>
            <Cut text={row.dept?.name} width={120} />
          </TableCell>
          <TableCell>{creatorName(row) || '—'}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.createTime}</TableCell>
          <TableCell sx={{ ...actionsColumnSx, whiteSpace: 'nowrap' }}>
            <Stack direction="row" spacing={0.25}>
              <Button size="small" onClick={() => onAction('view', row)} sx={{ minWidth: 0, px: 0.75 }}>
                {t('actions.view')}
              </Button>
              {can.editColumn && (
                <Button size="small" onClick={() => onAction('editColumn', row)} sx={{ minWidth: 0, px: 0.75 }}>
                  {t('actions.edit_column')}
                </Button>
              )}
              {can.editAbstract && (
                <Button size="small" onClick={() => onAction('editAbstract', row)} sx={{ minWidth: 0, px: 0.75 }}>
                  {t('actions.edit_abstract')}
                </Button>
              )}
              {can.delete && (
                <Button size="small" color="error" onClick={() => onAction('delete', row)} sx={{ minWidth: 0, px: 0.75 }}>
                  {t('actions.delete')}
                </Button>
              )}
            </Stack>
          </TableCell>
        </TableRow>
      );
    });
  };

  return (
    <Box sx={{ minWidth: 0, flex: 1 }}>
      <Box sx={{ position: 'relative', border: line(), borderRadius: 1 }}>
        {refreshing && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3, height: 2 }} />}
        <TableContainer sx={{ maxHeight: 'calc(100vh - 300px)', minHeight: 240 }}>
          <Table stickyHeader size="small" aria-busy={loading || refreshing} data-testid="manuscript-table" sx={{ '& th': { whiteSpace: 'nowrap', bgcolor: horizon('tableHead'), fontWeight: 600 }, '& td, & th': { fontSize: 13 } }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 56 }}>{t('columns.index')}</TableCell>
                <TableCell>{t('columns.title')}</TableCell>
                <TableCell>{t('columns.type')}</TableCell>
                <TableCell>{t('columns.product')}</TableCell>
                <TableCell>{t('columns.column')}</TableCell>
                <TableCell>{t('columns.abstracts')}</TableCell>
                <TableCell>{t('columns.first_author')}</TableCell>
                <TableCell>{t('columns.reviewer')}</TableCell>
                <TableCell>{t('columns.dept')}</TableCell>
                <TableCell>{t('columns.creator')}</TableCell>
                <TableCell>{t('columns.create_time')}</TableCell>
                <TableCell sx={actionsColumnSx}>{t('columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>{body()}</TableBody>
          </Table>
        </TableContainer>
      </Box>
      <ListPager total={total} page={page} size={size} sizes={MANUSCRIPT_PAGE_SIZES} onPage={onPage} onSize={onSize} disabled={loading} />
    </Box>
  );
}
