import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useCurrentModule } from './modules';

/** Footer label naming the module of the page (spec §2 "Module launch page"): 产品加工 on product pages, whatever was chosen last. */
export function Footer() {
  const translate = useTranslate();
  const module = useCurrentModule();
  return (
    <Box component="footer" sx={{ py: 1.5, textAlign: 'center', color: 'text.secondary' }}>
      <Typography variant="caption" data-testid="module-label" data-module={module}>
        {translate(`app.modules.${module}`)} · {translate('app.title')}
      </Typography>
    </Box>
  );
}
