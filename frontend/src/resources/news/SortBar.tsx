import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import ArrowDropUp from '@mui/icons-material/ArrowDropUp';
import { Box, ButtonBase, FormControlLabel, Switch, Tooltip, Typography } from '@mui/material';
import { horizon } from '../../theme/theme';
import { type NewsSort, type SortField, sortDirOf, sortFieldOf, sortFieldsFor } from './listState';
import { useNewsT } from './text';

export interface SortBarProps {
  curMenu: string;
  sort: NewsSort;
  /** Relevance needs a search. */
  hasSearch: boolean;
  onSort: (sort: NewsSort) => void;
  /** 合并同一事件 (`collapse=1`): shown when `onCollapse` is given. */
  collapse?: boolean;
  onCollapse?: (collapse: boolean) => void;
}

/**
 * 发布时间 / 相关度 / 浏览量 / 入库时间 (/ 更新时间): a click on a field sorts by it (descending
 * first) or flips its direction; the two carets choose the direction directly. On the news tabs a
 * 合并同一事件 switch follows (story-cluster leads only).
 */
export function SortBar({ curMenu, sort, hasSearch, onSort, collapse = false, onCollapse }: SortBarProps) {
  const t = useNewsT();
  const activeField = sortFieldOf(sort);
  const activeDir = sortDirOf(sort);
  // In the collected list the create sorts order by the time of collecting (api/newsCollect).
  const labelOf = (field: SortField) => t(curMenu === 'collect' && field === 'create' ? 'sort.collected' : `sort.${field}`);

  return (
    <Box role="group" aria-label={t('sort.label')} sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
        {t('sort.label')}
      </Typography>
      {sortFieldsFor(curMenu).map((field) => (
        <SortField
          key={field}
          field={field}
          label={labelOf(field)}
          active={activeField === field}
          dir={activeDir}
          disabled={field === 'score' && !hasSearch}
          hint={field === 'score' && !hasSearch ? t('sort.score_hint') : undefined}
          ascLabel={`${labelOf(field)}${t('sort.asc')}`}
          descLabel={`${labelOf(field)}${t('sort.desc')}`}
          onSort={onSort}
        />
      ))}
      {onCollapse && (
        <Tooltip title={t('sort.collapse_hint')}>
          <FormControlLabel
            data-testid="news-collapse"
            sx={{ ml: 1, mr: 0, '& .MuiFormControlLabel-label': { fontSize: 13 } }}
            control={<Switch size="small" checked={collapse} onChange={(e) => onCollapse(e.target.checked)} />}
            label={t('sort.collapse')}
          />
        </Tooltip>
      )}
    </Box>
  );
}

interface SortFieldProps {
  field: SortField;
  label: string;
  active: boolean;
  dir: 'Asc' | 'Desc';
  disabled: boolean;
  hint?: string;
  ascLabel: string;
  descLabel: string;
  onSort: (sort: NewsSort) => void;
}

function SortField({ field, label, active, dir, disabled, hint, ascLabel, descLabel, onSort }: SortFieldProps) {
  const toggle = () => onSort(active ? (`${field}${dir === 'Desc' ? 'Asc' : 'Desc'}` as NewsSort) : (`${field}Desc` as NewsSort));
  const caret = (d: 'Asc' | 'Desc') => {
    const on = active && dir === d;
    const Icon = d === 'Asc' ? ArrowDropUp : ArrowDropDown;
    return (
      <ButtonBase
        disabled={disabled}
        aria-label={d === 'Asc' ? ascLabel : descLabel}
        aria-pressed={on}
        onClick={() => onSort(`${field}${d}` as NewsSort)}
        sx={{ height: 11, width: 16, overflow: 'hidden', borderRadius: 0.5, color: on ? 'primary.main' : horizon('textPlaceholder'), '&:hover': { color: 'primary.main' } }}
      >
        <Icon sx={{ fontSize: 20, my: d === 'Asc' ? '2px 0 0' : '0 0 2px' }} />
      </ButtonBase>
    );
  };
  const body = (
    <Box
      data-sort-field={field}
      data-active={active || undefined}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        height: 28,
        pl: 1.25,
        pr: 0.5,
        border: '1px solid',
        borderColor: active ? 'primary.main' : horizon('border'),
        bgcolor: active ? horizon('brandTint') : 'background.paper',
        borderRadius: 1,
        opacity: disabled ? 0.5 : 1,
        transition: 'border-color .15s, background-color .15s',
      }}
    >
      <ButtonBase
        disabled={disabled}
        onClick={toggle}
        sx={{ fontSize: 13, color: active ? 'primary.main' : 'text.primary', fontWeight: active ? 600 : 400, pr: 0.25, height: '100%' }}
      >
        {label}
      </ButtonBase>
      <Box sx={{ display: 'inline-flex', flexDirection: 'column', justifyContent: 'center' }}>
        {caret('Asc')}
        {caret('Desc')}
      </Box>
    </Box>
  );
  return hint ? (
    <Tooltip title={hint}>
      <span>{body}</span>
    </Tooltip>
  ) : (
    body
  );
}
