import { memo, type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import ReportOutlined from '@mui/icons-material/ReportOutlined';
import { CircularProgress, List, ListItemButton, ListItemIcon, ListItemText, Menu, MenuItem, Popover, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { requestJson } from '../../providers/http';
import { canPushRow, type NewsAbilities, type RowAction, rowActions } from './access';
import { rowIcon } from './rowIcons';
import type { NewsT } from './text';
import type { NewsRow } from './types';

// The row is plain DOM with `nr-*` class names, styled once by `NewsRowsBody` (rowStyles.ts), the
// table body it must be rendered in: no sx, no styled component, no MUI component per row except
// the Tooltips of the 精选 list's choose / push actions and the more-menu while it is open.

export type RowCommand = 'collect' | 'share' | 'label' | 'track' | 'warn' | 'choose' | 'translate' | 'review' | 'push' | 'noise' | 'delete' | 'classify' | 'keywords';

type Toggle = 'collect' | 'track' | 'warn' | 'choose';
const TOGGLES: readonly Toggle[] = ['collect', 'track', 'warn', 'choose'];

export interface NewsTableRowProps {
  row: NewsRow;
  curMenu: string;
  abilities: NewsAbilities;
  checked: boolean;
  active: boolean;
  /** Narrow mode (side panel open): classification and keywords columns hidden. */
  compact: boolean;
  /** Keys `kind:id` of the toggles in flight. */
  busy: (kind: Toggle, id: number) => boolean;
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

/** Only the first two tags show (spec §9); the rest in the title of a "+n" chip. */
function TagCell({ names, emptyText, editLabel, onEdit, tone, t }: { names: string[]; emptyText: string; editLabel: string; onEdit?: () => void; tone: 'classify' | 'keyword'; t: NewsT }) {
  const shown = names.slice(0, 2);
  const rest = names.length - shown.length;
  const chipClass = `nr-tag nr-tag-${tone}`;
  return (
    <div className="nr-tags">
      <div className="nr-tag-list">
        {shown.length === 0 && <span className="nr-empty">{emptyText}</span>}
        {shown.map((name) => (
          <div key={name} className={chipClass} title={name}>
            <span className="nr-chip-label">{name}</span>
          </div>
        ))}
        {rest > 0 && (
          // Native titles instead of MUI Tooltips in the rows: 50 rows × several tooltips were a
          // measurable part of the list's first paint (npm run bench:ui).
          <div className="nr-tag nr-tag-more" title={t('row.more_tags', { names: names.join('、') })}>
            <span className="nr-chip-label">{`+${rest}`}</span>
          </div>
        )}
      </div>
      {onEdit && (
        <button type="button" className="nr-edit" aria-label={editLabel} title={editLabel} onClick={onEdit}>
          {rowIcon('EditOutlined')}
        </button>
      )}
    </div>
  );
}

type Tone = 'primary' | 'warning' | 'error' | 'success';

function ActionButton({ label, onClick, active, color = 'primary', disabled, tooltip }: { label: string; onClick: () => void; active?: boolean; color?: Tone; disabled?: boolean; tooltip?: string }) {
  // inactive actions are primary; active ones take their colour and bold text
  const className = active ? (color === 'primary' ? 'nr-action nr-on' : `nr-action nr-on nr-${color}`) : 'nr-action';
  const button = (
    <button type="button" className={className} disabled={disabled} onClick={onClick} aria-pressed={active}>
      {label}
    </button>
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
      <button type="button" className="nr-more" aria-label={t('actions.more')} title={t('actions.more')} onClick={(e) => setAnchor(e.currentTarget)}>
        {rowIcon('MoreHoriz')}
      </button>
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

/**
 * 另有 N 家来源报道 on a story-cluster lead (docs/collect-design.md §4.3): a click lists the story's
 * other reports (`GET api/news/similarSearch`, cluster members first) in a popover, mounted only
 * while open; a report opens its detail page.
 */
function ClusterBadge({ row, onOpenDetail, t }: { row: NewsRow; onOpenDetail: (row: NewsRow) => void; t: NewsT }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = t('row.other_sources', { count: row.otherSources ?? 0 });
  return (
    <>
      <button type="button" className="nr-badge nr-badge-files nr-badge-cluster" title={label} aria-haspopup="dialog" onClick={(e) => setAnchor(e.currentTarget)} style={{ border: 0, cursor: 'pointer', font: 'inherit', fontSize: 11.5 }}>
        {rowIcon('Language')}
        {label}
      </button>
      {anchor && (
        // clicks inside the popover (a portal) still bubble to the row through React: stopped here
        <Popover
          open
          anchorEl={anchor}
          onClose={() => setAnchor(null)}
          onClick={(e) => e.stopPropagation()}
          onDoubleClick={(e) => e.stopPropagation()}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }} slotProps={{ paper: { sx: { width: 420, maxWidth: '90vw', maxHeight: 420 } } }}>
          <ClusterMembers row={row} onOpenDetail={onOpenDetail} t={t} />
        </Popover>
      )}
    </>
  );
}

function ClusterMembers({ row, onOpenDetail, t }: { row: NewsRow; onOpenDetail: (row: NewsRow) => void; t: NewsT }) {
  const size = Math.min(50, Math.max(10, (row.clusterSize ?? 0) + 1));
  const members = useQuery({
    queryKey: ['horizon', 'news', 'cluster', row.id, size],
    queryFn: ({ signal }) => requestJson<NewsRow[]>(`api/news/similarSearch?id=${row.id}&size=${size}`, { signal }),
    staleTime: 30_000,
  });
  // similarSearch answers the story's members first, then merely similar items: only the members
  // (an unclustered item counted by its URL's other sources has none to list)
  const sameStory = (members.data ?? []).filter((item) => item.id !== row.id && row.clusterId != null && String(item.clusterId) === String(row.clusterId));
  return (
    <div data-testid="news-cluster-members">
      <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5, pb: 0.5 }}>
        {t('row.cluster_title')}
      </Typography>
      {members.isPending && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1, display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={14} />
          {t('row.cluster_loading')}
        </Typography>
      )}
      {members.isError && (
        <Typography variant="body2" color="error" sx={{ px: 2, py: 1 }}>
          {t('row.cluster_failed')}
        </Typography>
      )}
      {members.isSuccess && sameStory.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {t('row.cluster_empty')}
        </Typography>
      )}
      <List dense disablePadding>
        {sameStory.map((item) => (
          <ListItemButton key={item.id} onClick={() => onOpenDetail(item)}>
            <ListItemText primary={item.titleCn?.trim() || item.title} secondary={[item.webName, item.publishTime?.slice(0, 16)].filter(Boolean).join(' · ')} />
          </ListItemButton>
        ))}
      </List>
    </div>
  );
}

const meta = (children: ReactNode, icon?: ReactNode, title?: string) => (
  <span className="nr-meta-item" title={title}>
    {icon}
    {children}
  </span>
);

function NewsTableRowView({ row, curMenu, abilities, checked, active, compact, busy, onCheck, onOpen, onOpenDetail, onCommand, t }: NewsTableRowProps) {
  const clickTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(clickTimer.current), []);
  const actions = rowActions(row, curMenu, abilities);
  const has = (a: RowAction) => actions.includes(a);
  const cmd = (command: RowCommand) => () => onCommand(command, row);
  const read = row.isRead;
  const mainTitle = row.titleCn?.trim() || row.title;
  const showOriginal = !!row.titleCn?.trim() && row.titleCn.trim() !== row.title;
  const examine = row.isProcessed === 'examine';

  return (
    <tr
      className={active ? 'nr-row Mui-selected' : 'nr-row'}
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
    >
      <td className="nr-check-cell">
        <span className={checked ? 'nr-check nr-checked' : 'nr-check'}>
          <input
            type="checkbox"
            className="nr-check-input"
            checked={checked}
            onChange={(e) => onCheck(row, e.target.checked)}
            aria-label={`${t('columns.select_row')}：${mainTitle}`}
          />
          {rowIcon(checked ? 'CheckBox' : 'CheckBoxOutlineBlank')}
        </span>
      </td>
      <td className="nr-main-cell">
        <div
          className="news-title nr-title"
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
        >
          {!read && <span className="nr-dot" aria-hidden />}
          {mainTitle}
        </div>
        {showOriginal && (
          <div className="news-title-original nr-original" title={row.title}>
            {row.title}
          </div>
        )}
        <div className="nr-meta">
          {row.isProcessed && <span className={examine ? 'nr-badge nr-badge-examine' : 'nr-badge nr-badge-done'}>{examine ? t('row.examine') : t('row.processed')}</span>}
          {row.hasFiles && (
            <span className="nr-badge nr-badge-files">
              {rowIcon('AttachFile')}
              {t('row.files')}
            </span>
          )}
          {row.yj && (
            <span className="nr-badge nr-badge-warned">
              {rowIcon('NotificationsActiveOutlined')}
              {t('row.warned')}
            </span>
          )}
          {(row.otherSources ?? 0) > 0 && <ClusterBadge row={row} onOpenDetail={onOpenDetail} t={t} />}
          {meta(row.publishTime?.slice(0, 16), rowIcon('Schedule'))}
          {row.webName && meta(row.webName, rowIcon('Language'), row.webName)}
          {row.createBy && meta(t('row.provided_by', { name: row.createBy }), undefined, row.createBy)}
          {row.yj && row.yjBy && meta(t('row.warned_by', { name: row.yjBy, time: row.yjTime?.slice(5, 16) ?? '' }), rowIcon('NotificationsActiveOutlined'), row.yjBy)}
          {row.transStatus && row.editorName && meta(t('row.translator', { name: row.editorName }), rowIcon('EditOutlined'), row.editorName)}
          {row.transStatus === 'done' && row.examineName && meta(t('row.reviewer', { name: row.examineName }), undefined, row.examineName)}
          {meta(t('row.reads', { count: row.count }), rowIcon('VisibilityOutlined'))}
        </div>
      </td>
      {!compact && (
        <td className="nr-tags-cell">
          <TagCell names={row.classifyNames ?? []} emptyText={t('row.no_classify')} editLabel={t('row.edit_classify')} onEdit={cmd('classify')} tone="classify" t={t} />
        </td>
      )}
      {!compact && (
        <td className="nr-tags-cell">
          <TagCell names={row.keywords ?? []} emptyText={t('row.no_keywords')} editLabel={t('row.edit_keywords')} onEdit={cmd('keywords')} tone="keyword" t={t} />
        </td>
      )}
      <td className={curMenu === 'choice' ? 'nr-actions-cell nr-wide' : 'nr-actions-cell'} data-no-row-click>
        <div className="nr-actions">
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
              <div className={row.isChoice ? 'nr-chosen nr-success' : 'nr-chosen'}>
                <span className="nr-chip-label">{row.isChoice ? t('actions.chosen') : t('actions.not_chosen')}</span>
              </div>
            ))}
          {has('translate') && <ActionButton label={t('actions.translate')} onClick={cmd('translate')} />}
          {has('review') && <ActionButton label={t('actions.review')} onClick={cmd('review')} />}
          {has('push') && (
            <ActionButton label={t('actions.push')} disabled={!canPushRow(row)} tooltip={canPushRow(row) ? t('actions.push_hint') : t('actions.push_not_done')} onClick={cmd('push')} />
          )}
          {has('noise') && <MoreMenu row={row} onCommand={onCommand} t={t} />}
        </div>
      </td>
    </tr>
  );
}

/**
 * Props comparison of the memoised row. `busy` is the list's `isBusy`, a new function whenever a
 * toggle of any row starts or ends: only this row's answers count, so a collect in flight on one
 * row re-renders that row alone. Everything else by identity (the list passes stable callbacks).
 */
export function sameRowProps(prev: NewsTableRowProps, next: NewsTableRowProps): boolean {
  for (const key of Object.keys(next) as (keyof NewsTableRowProps)[]) {
    if (key !== 'busy' && !Object.is(prev[key], next[key])) return false;
  }
  return prev.busy === next.busy || TOGGLES.every((kind) => prev.busy(kind, next.row.id) === next.busy(kind, next.row.id));
}

/**
 * One row of the news table, inside `NewsRowsBody` (rowStyles.ts). Memoised: selecting a row or a
 * toggle in flight re-renders only the rows that change.
 */
export const NewsTableRow = memo(NewsTableRowView, sameRowProps);
