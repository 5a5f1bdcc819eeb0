import { memo, type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MoreHoriz from '@mui/icons-material/MoreHoriz';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import ReportOutlined from '@mui/icons-material/ReportOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import LanguageIcon from '@mui/icons-material/Language';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  TableCell,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { canPushRow, type NewsAbilities, type RowAction, rowActions } from './access';
import type { NewsT } from './text';
import type { NewsRow } from './types';

export type RowCommand = 'collect' | 'share' | 'label' | 'track' | 'warn' | 'choose' | 'translate' | 'review' | 'push' | 'noise' | 'delete' | 'classify' | 'keywords';

export interface NewsTableRowProps {
  row: NewsRow;
  curMenu: string;
  abilities: NewsAbilities;
  checked: boolean;
  active: boolean;
  /** Narrow mode (side panel open): classification and keywords columns hidden. */
  compact: boolean;
  /** Keys `kind:id` of the toggles in flight. */
  busy: (kind: 'collect' | 'track' | 'warn' | 'choose', id: number) => boolean;
  onCheck: (row: NewsRow, checked: boolean) => void;
  onOpen: (row: NewsRow) => void;
  onOpenDetail: (row: NewsRow) => void;
  onCommand: (command: RowCommand, row: NewsRow) => void;
  t: NewsT;
}

/** How long a click waits for a second one (double click → detail page). */
const DOUBLE_CLICK_MS = 220;

/** Clicks on controls inside a row do not open the side panel. */
const fromControl = (e: MouseEvent) => !!(e.target as HTMLElement).closest('button, a, input, label, [role="menuitem"], [data-no-row-click]');

/** Only the first two tags show (spec §9); the rest in the tooltip of a "+n" chip. */
function TagCell({ names, emptyText, editLabel, onEdit, tone, t }: { names: string[]; emptyText: string; editLabel: string; onEdit?: () => void; tone: 'classify' | 'keyword'; t: NewsT }) {
  const shown = names.slice(0, 2);
  const rest = names.length - shown.length;
  const chipSx =
    tone === 'classify'
      ? { bgcolor: '#ecf5ff', color: '#409eff', border: '1px solid #d9ecff' }
      : { bgcolor: '#f4f4f5', color: '#606266', border: '1px solid #e9e9eb' };
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5, minWidth: 0, flex: '0 1 auto' }}>
        {shown.length === 0 && (
          <Typography variant="caption" color="text.disabled" sx={{ lineHeight: '22px' }}>
            {emptyText}
          </Typography>
        )}
        {shown.map((name) => (
          <Chip key={name} size="small" label={name} title={name} sx={{ ...chipSx, height: 22, maxWidth: 104, fontSize: 12, borderRadius: 1 }} />
        ))}
        {rest > 0 && (
          // Native titles instead of MUI Tooltips in the rows: 50 rows × several tooltips were a
          // measurable part of the list's first paint (npm run bench:ui).
          <Chip
            size="small"
            label={`+${rest}`}
            title={t('row.more_tags', { names: names.join('、') })}
            sx={{ height: 22, fontSize: 12, borderRadius: 1, bgcolor: '#fff', border: '1px dashed #dcdfe6', color: 'text.secondary' }}
          />
        )}
      </Box>
      {onEdit && (
        <IconButton size="small" aria-label={editLabel} title={editLabel} onClick={onEdit} sx={{ p: 0.25, flexShrink: 0, color: '#909399', '&:hover': { color: 'primary.main' } }}>
          <EditOutlined sx={{ fontSize: 16 }} />
        </IconButton>
      )}
    </Box>
  );
}

function Meta({ icon, children, title }: { icon?: ReactNode; children: ReactNode; title?: string }) {
  return (
    <Box component="span" title={title} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.375, minWidth: 0, maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      {icon}
      {children}
    </Box>
  );
}

const Badge = ({ label, color, bg, icon }: { label: string; color: string; bg: string; icon?: ReactNode }) => (
  <Box
    component="span"
    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, px: 0.75, height: 18, lineHeight: '18px', fontSize: 11.5, borderRadius: 0.75, color, bgcolor: bg, flexShrink: 0 }}
  >
    {icon}
    {label}
  </Box>
);

const actionSx = { minWidth: 0, px: 0.75, py: 0.125, fontSize: 12.5, lineHeight: 1.6, whiteSpace: 'nowrap' } as const;

function ActionButton({ label, onClick, active, color = 'primary', disabled, tooltip }: { label: string; onClick: () => void; active?: boolean; color?: 'primary' | 'warning' | 'error' | 'success'; disabled?: boolean; tooltip?: string }) {
  const button = (
    <Button size="small" variant="text" color={active ? color : 'primary'} disabled={disabled} onClick={onClick} aria-pressed={active} sx={{ ...actionSx, fontWeight: active ? 600 : 400 }}>
      {label}
    </Button>
  );
  return tooltip ? (
    <Tooltip title={tooltip}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

function MoreMenu({ row, onCommand, t }: { row: NewsRow; onCommand: (command: RowCommand, row: NewsRow) => void; t: NewsT }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (command: RowCommand) => {
    setAnchor(null);
    onCommand(command, row);
  };
  return (
    <>
      <IconButton size="small" aria-label={t('actions.more')} title={t('actions.more')} onClick={(e) => setAnchor(e.currentTarget)} sx={{ p: 0.25, color: '#909399' }}>
        <MoreHoriz fontSize="small" />
      </IconButton>
      {/* mounted only while open: a closed Menu per row still costs its component tree */}
      {anchor && (
      <Menu anchorEl={anchor} open onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <MenuItem onClick={() => pick('noise')} dense>
          <ListItemIcon>
            <ReportOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('actions.noise')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => pick('delete')} dense sx={{ color: 'error.main' }}>
          <ListItemIcon>
            <DeleteOutline fontSize="small" color="error" />
          </ListItemIcon>
          <ListItemText>{t('actions.delete')}</ListItemText>
        </MenuItem>
      </Menu>
      )}
    </>
  );
}

function NewsTableRowView({ row, curMenu, abilities, checked, active, compact, busy, onCheck, onOpen, onOpenDetail, onCommand, t }: NewsTableRowProps) {
  const clickTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(clickTimer.current), []);
  const actions = rowActions(row, curMenu, abilities);
  const has = (a: RowAction) => actions.includes(a);
  const cmd = (command: RowCommand) => () => onCommand(command, row);
  const read = row.isRead;
  const mainTitle = row.titleCn?.trim() || row.title;
  const showOriginal = !!row.titleCn?.trim() && row.titleCn.trim() !== row.title;

  return (
    <TableRow
      hover
      selected={active}
      data-news-id={row.id}
      data-read={read || undefined}
      aria-selected={checked}
      onClick={(e) => {
        if (fromControl(e)) return;
        // Wait for a possible second click: a double click opens the detail page instead (the
        // panel opening first would move the row under the pointer).
        if (clickTimer.current) clearTimeout(clickTimer.current);
        if (e.detail > 1) return;
        clickTimer.current = setTimeout(() => {
          clickTimer.current = undefined;
          onOpen(row);
        }, DOUBLE_CLICK_MS);
      }}
      onDoubleClick={(e) => {
        if (fromControl(e)) return;
        if (clickTimer.current) clearTimeout(clickTimer.current);
        clickTimer.current = undefined;
        onOpenDetail(row);
      }}
      sx={{
        cursor: 'pointer',
        verticalAlign: 'top',
        '& > td': { borderBottom: '1px solid #ebeef5', py: 1.25 },
        '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'rgba(64, 158, 255, 0.08)' },
        '&.Mui-selected > td:first-of-type': { boxShadow: 'inset 3px 0 0 #409eff' },
      }}
    >
      <TableCell padding="checkbox" sx={{ pt: '6px !important' }}>
        <Checkbox
          size="small"
          checked={checked}
          onChange={(e) => onCheck(row, e.target.checked)}
          slotProps={{ input: { 'aria-label': `${t('columns.select_row')}：${mainTitle}` } }}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'normal', minWidth: 280 }}>
        <Typography
          component="div"
          className="news-title"
          title={mainTitle}
          role="button"
          tabIndex={0}
          onKeyDown={(e) => {
            // Enter opens the side panel, Ctrl/⌘+Enter the detail page (keyboard use of the row)
            if (e.key !== 'Enter' && e.key !== ' ') return;
            e.preventDefault();
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) onOpenDetail(row);
            else onOpen(row);
          }}
          sx={{
            fontSize: 14,
            fontWeight: read ? 400 : 600,
            lineHeight: 1.5,
            color: read ? '#909399' : '#303133',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            outline: 'none',
            '&:focus-visible': { boxShadow: '0 0 0 2px rgba(64, 158, 255, 0.5)', borderRadius: 0.5 },
            '.MuiTableRow-hover:hover &': { color: read ? '#79a9d9' : 'primary.main' },
          }}
        >
          {!read && <Box component="span" aria-hidden sx={{ display: 'inline-block', width: 6, height: 6, borderRadius: '50%', bgcolor: 'primary.main', mr: 0.75, verticalAlign: 'middle', position: 'relative', top: -1 }} />}
          {mainTitle}
        </Typography>
        {showOriginal && (
          <Typography
            component="div"
            className="news-title-original"
            title={row.title}
            sx={{
              fontSize: 12.5,
              lineHeight: 1.5,
              mt: 0.25,
              color: read ? '#b1b3b8' : '#606266',
              display: '-webkit-box',
              WebkitLineClamp: 1,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              wordBreak: 'break-all',
            }}
          >
            {row.title}
          </Typography>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25, mt: 0.75, fontSize: 12, color: '#909399' }}>
          {row.isProcessed && (
            <Badge
              label={row.isProcessed === 'examine' ? t('row.examine') : t('row.processed')}
              color={row.isProcessed === 'examine' ? '#e6a23c' : '#67c23a'}
              bg={row.isProcessed === 'examine' ? '#fdf6ec' : '#f0f9eb'}
            />
          )}
          {row.hasFiles && <Badge label={t('row.files')} color="#409eff" bg="#ecf5ff" icon={<AttachFileIcon sx={{ fontSize: 12 }} />} />}
          {row.yj && <Badge label={t('row.warned')} color="#f56c6c" bg="#fef0f0" icon={<NotificationsActiveOutlined sx={{ fontSize: 12 }} />} />}
          <Meta icon={<ScheduleIcon sx={{ fontSize: 13 }} />}>{row.publishTime?.slice(0, 16)}</Meta>
          {row.webName && (
            <Meta icon={<LanguageIcon sx={{ fontSize: 13 }} />} title={row.webName}>
              {row.webName}
            </Meta>
          )}
          {row.createBy && <Meta title={row.createBy}>{t('row.provided_by', { name: row.createBy })}</Meta>}
          <Meta icon={<VisibilityOutlined sx={{ fontSize: 13 }} />}>{t('row.reads', { count: row.count })}</Meta>
        </Box>
      </TableCell>
      {!compact && (
        <TableCell sx={{ whiteSpace: 'normal', width: 170 }}>
          <TagCell
            names={row.classifyNames ?? []}
            emptyText={t('row.no_classify')}
            editLabel={t('row.edit_classify')}
            onEdit={cmd('classify')}
            tone="classify"
            t={t}
          />
        </TableCell>
      )}
      {!compact && (
        <TableCell sx={{ whiteSpace: 'normal', width: 170 }}>
          <TagCell names={row.keywords ?? []} emptyText={t('row.no_keywords')} editLabel={t('row.edit_keywords')} onEdit={cmd('keywords')} tone="keyword" t={t} />
        </TableCell>
      )}
      <TableCell sx={{ whiteSpace: 'normal', width: curMenu === 'choice' ? 272 : 252 }} data-no-row-click>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.25, rowGap: 0.25, ml: -0.75 }}>
          {has('collect') && (
            <ActionButton label={row.isCollect ? t('actions.collected') : t('actions.collect')} active={row.isCollect} color="warning" disabled={busy('collect', row.id)} onClick={cmd('collect')} />
          )}
          <ActionButton label={t('actions.share')} onClick={cmd('share')} />
          <ActionButton label={t('actions.label')} onClick={cmd('label')} />
          {has('track') && (
            <ActionButton label={row.isRecommend ? t('actions.tracked') : t('actions.track')} active={row.isRecommend} color="success" disabled={busy('track', row.id)} onClick={cmd('track')} />
          )}
          <ActionButton label={row.yj ? t('actions.warned') : t('actions.warn')} active={row.yj} color="error" disabled={busy('warn', row.id)} onClick={cmd('warn')} />
          {has('chosen') &&
            (abilities.choose ? (
              <ActionButton
                label={row.isChoice ? t('actions.chosen') : t('actions.not_chosen')}
                active={row.isChoice}
                color="success"
                disabled={busy('choose', row.id)}
                tooltip={row.isChoice ? t('actions.unchoose') : t('actions.choose')}
                onClick={cmd('choose')}
              />
            ) : (
              <Chip size="small" label={row.isChoice ? t('actions.chosen') : t('actions.not_chosen')} color={row.isChoice ? 'success' : 'default'} variant="outlined" sx={{ height: 20, fontSize: 12, mx: 0.5 }} />
            ))}
          {has('translate') && <ActionButton label={t('actions.translate')} onClick={cmd('translate')} />}
          {has('review') && <ActionButton label={t('actions.review')} onClick={cmd('review')} />}
          {has('push') && (
            <ActionButton label={t('actions.push')} disabled={!canPushRow(row)} tooltip={canPushRow(row) ? t('actions.push_soon') : t('actions.push_not_done')} onClick={cmd('push')} />
          )}
          {has('noise') && <MoreMenu row={row} onCommand={onCommand} t={t} />}
        </Box>
      </TableCell>
    </TableRow>
  );
}

/** One row of the news table (memoised: selecting a row re-renders only the rows that change). */
export const NewsTableRow = memo(NewsTableRowView);
