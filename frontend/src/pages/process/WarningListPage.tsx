// 预警列表 (/yjList): the department's warned items (`GET api/news/list?type=yj`, newest first) in the
// news list of /pro/news — its row actions included; the row's 预警 action takes the warning back —
// and the 预警规则 button for the holders of `alertRule:*`.
import { useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import { canAny } from '../../providers/permissions';
import { useAppAbility } from '../../providers/ability';
import { RoutedNewsList } from '../../resources/news/RoutedNewsList';
import { AlertRulesDialog } from './AlertRulesDialog';
import { useAlertText } from './alertText';

/** `curMenu` of the list in the route query, and its fixed query. */
export const WARNING_LIST = { curMenu: 'yj', filter: { type: 'yj' } } as const;
export const ALERT_RULE_CODES = ['alertRule:list', 'alertRule:add', 'alertRule:edit', 'alertRule:del'] as const;

export function WarningListPage() {
  const t = useAlertText();
  const ability = useAppAbility();
  const [rulesOpen, setRulesOpen] = useState(false);
  const mayManage = canAny(ability, ALERT_RULE_CODES);
  return (
    <Box data-testid="warning-list-page" sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 1.5, alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h1" sx={{ fontSize: 18, fontWeight: 600 }}>
            {t('page.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('page.hint')}
          </Typography>
        </Box>
        {mayManage && (
          <Button variant="outlined" startIcon={<NotificationsActiveOutlinedIcon />} onClick={() => setRulesOpen(true)} sx={{ flexShrink: 0 }}>
            {t('page.rules')}
          </Button>
        )}
      </Stack>
      <RoutedNewsList curMenu={WARNING_LIST.curMenu} filter={WARNING_LIST.filter} emptyText={t('page.empty')} />
      {mayManage && <AlertRulesDialog open={rulesOpen} onClose={() => setRulesOpen(false)} />}
    </Box>
  );
}
