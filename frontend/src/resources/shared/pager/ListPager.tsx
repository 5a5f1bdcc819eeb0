import { useEffect, useState } from 'react';
import { Box, MenuItem, Pagination, Select, TextField, Tooltip, Typography } from '@mui/material';
import { createScopedText } from '../scopedText';
import { PAGER_I18N_PREFIX, pagerZh } from './i18n';
import { pageCountOf } from './pageCount';

const usePagerText = createScopedText(PAGER_I18N_PREFIX, pagerZh);

export interface ListPagerProps {
  total: number;
  /** false → the total is an estimate ("约 N 条"). */
  exact?: boolean;
  /** One-based. */
  page: number;
  size: number;
  sizes: readonly number[];
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  disabled?: boolean;
}

const formatCount = (n: number) => n.toLocaleString('zh-CN');

/**
 * Pagination of the work screens' lists (news, manuscripts, products, journals): total, page size,
 * pager, jumper (Element-style, one line).
 */
export function ListPager({ total, exact = true, page, size, sizes, onPage, onSize, disabled }: ListPagerProps) {
  const t = usePagerText();
  const count = pageCountOf(total, size);
  const [jump, setJump] = useState(String(page));
  useEffect(() => setJump(String(page)), [page]);

  const go = () => {
    const n = Number(jump);
    if (Number.isInteger(n) && n >= 1) onPage(Math.min(n, count));
    else setJump(String(page));
  };

  const totalText = exact ? t('total', { total: formatCount(total) }) : t('total_estimate', { total: formatCount(total) });

  return (
    <Box
      data-testid="news-pager"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1.5, px: 1.5, py: 1, color: 'text.secondary', fontSize: 13 }}
    >
      {exact ? (
        <Typography variant="body2" color="text.secondary" data-testid="news-total">
          {totalText}
        </Typography>
      ) : (
        <Tooltip title={t('estimate_hint')}>
          <Typography variant="body2" color="text.secondary" data-testid="news-total">
            {totalText}
          </Typography>
        </Tooltip>
      )}
      <Select
        size="small"
        value={size}
        disabled={disabled}
        onChange={(e) => onSize(Number(e.target.value))}
        SelectDisplayProps={{ 'aria-label': t('size', { size }) }}
        sx={{ fontSize: 13, '& .MuiSelect-select': { py: 0.5, pl: 1.25 }, minWidth: 96, width: 'auto', m: 0 }}
      >
        {sizes.map((s) => (
          <MenuItem key={s} value={s} sx={{ fontSize: 13 }}>
            {t('size', { size: s })}
          </MenuItem>
        ))}
      </Select>
      <Pagination
        count={count}
        page={Math.min(page, count)}
        disabled={disabled}
        onChange={(_e, p) => onPage(p)}
        shape="rounded"
        size="small"
        color="primary"
        siblingCount={1}
        boundaryCount={1}
        getItemAriaLabel={(type, p) =>
          type === 'previous' ? t('prev') : type === 'next' ? t('next') : type === 'page' ? t('page_n', { page: p ?? '' }) : String(type)
        }
        sx={{ '& .MuiPaginationItem-root': { fontSize: 13, minWidth: 28, height: 28 } }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <span>{t('jump')}</span>
        <TextField
          size="small"
          value={jump}
          disabled={disabled}
          onChange={(e) => setJump(e.target.value.replace(/\D/g, '').slice(0, 9))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') go();
          }}
          onBlur={go}
          slotProps={{ htmlInput: { 'aria-label': t('jump'), inputMode: 'numeric', style: { textAlign: 'center', padding: '4px 6px', fontSize: 13 } } }}
          sx={{ width: 56, m: 0 }}
        />
        {t('page') && <span>{t('page')}</span>}
      </Box>
    </Box>
  );
}
