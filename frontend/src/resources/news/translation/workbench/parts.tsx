// Small parts of the translation workbench.
import { Box, Skeleton, TextField, Typography } from '@mui/material';
import { horizon, line } from '../../../../theme/theme';
import { MAX_TITLE_CN } from '../api';
import type { TransT } from '../useTransText';

/**
 * The department's Chinese title above the manual translation: editable by the editor of the
 * draft (saved with the text), read only for everybody else.
 */
export function TitleField({ value, editable, onChange, t }: { value: string; editable: boolean; onChange: (value: string) => void; t: TransT }) {
  if (!editable) {
    return (
      <Box sx={{ px: 2, py: 1.25, borderBottom: line(), display: 'flex', gap: 1, alignItems: 'baseline', minWidth: 0 }} data-testid="trans-title-cn-view">
        <Typography component="span" sx={{ fontSize: 13, color: horizon('textMuted'), flexShrink: 0 }}>
          {t('title_cn.label')}：
        </Typography>
        <Typography component="span" lang="zh-CN" sx={{ fontSize: 15, fontWeight: 600, color: value.trim() ? 'text.primary' : 'text.disabled', minWidth: 0, overflowWrap: 'anywhere' }}>
          {value.trim() || t('title_cn.empty')}
        </Typography>
      </Box>
    );
  }
  const long = value.length > MAX_TITLE_CN - 50;
  return (
    <Box sx={{ px: 2, pt: 1.75, pb: 1, borderBottom: line() }}>
      <TextField
        fullWidth
        size="small"
        label={t('title_cn.label')}
        placeholder={t('title_cn.placeholder')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        helperText={long ? t('title_cn.count', { count: value.length, max: MAX_TITLE_CN }) : t('title_cn.hint')}
        slotProps={{ htmlInput: { maxLength: MAX_TITLE_CN, lang: 'zh-CN', 'data-testid': 'trans-title-cn' }, inputLabel: { shrink: true } }}
      />
    </Box>
  );
}

export function PaneSkeleton() {
  return (
    <Box sx={{ p: 2.5 }} aria-busy="true">
      {[100, 96, 98, 60, 0, 100, 94, 97, 40].map((w, i) =>
        w ? <Skeleton key={i} variant="text" width={`${w}%`} sx={{ fontSize: 15 }} /> : <Box key={i} sx={{ height: 12 }} />,
      )}
    </Box>
  );
}
