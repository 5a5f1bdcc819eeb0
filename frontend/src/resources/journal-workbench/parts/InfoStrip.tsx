// The information strip (spec §2): 已选 N 篇 (weekly only), 责任编辑, 开始时间, 出刊时间, 当前状态,
// 定稿时间 (未定稿 when empty).
import type { ReactNode } from 'react';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { horizon, line } from '../../../theme/theme';
import { checkedCount, dayOf, userNames } from '../format';
import type { Workbench } from '../useWorkbench';
import { useWorkbenchText } from '../useWorkbenchText';

const STATUS_COLOR = { edit: 'warning', submit: 'info', done: 'success', review: 'secondary' } as const;

function Item({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack direction="row" spacing={0.75} alignItems="center" data-testid={testId}>
      <Typography variant="body2" sx={{ color: horizon('textMuted') }}>
        {label}：
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Stack>
  );
}

export function InfoStrip({ wb }: { wb: Workbench }) {
  const t = useWorkbenchText();
  const journal = wb.journal;
  if (!journal) return null;
  const status = journal.status;
  return (
    <Box
      component="section"
      aria-label={t('info.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1, px: 1.5, py: 1, mb: 2, bgcolor: horizon('fill'), border: line(), borderRadius: 1 }}
    >
      {wb.weekly && (
        <Typography variant="body2" sx={{ fontWeight: 600, color: 'primary.main' }} data-testid="workbench-selected">
          {t('info.selected', { count: checkedCount(wb.columns) })}
        </Typography>
      )}
      <Item label={t('info.editors')}>{userNames(journal.editorIds, wb.users) || '—'}</Item>
      <Item label={t('info.start')}>{journal.createTime}</Item>
      <Item label={t('info.plan_publish')}>{dayOf(journal.planPublishTime) || '—'}</Item>
      <Item label={t('info.status')} testId="workbench-status">
        {status in STATUS_COLOR ? <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={t(`status.${status}`)} sx={{ height: 22 }} /> : String(status)}
      </Item>
      <Item label={t('info.publish_time')}>{journal.publishTime || t('info.not_done')}</Item>
    </Box>
  );
}
