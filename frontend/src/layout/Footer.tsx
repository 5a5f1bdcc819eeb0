import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { getCurrentModule } from './modules';

/** Footer label naming the current module (spec §2 "Module launch page"). */
export function Footer() {
  const translate = useTranslate();
  return (
    <Box component="footer" sx={{ py: 1.5, textAlign: 'center', color: 'text.secondary' }}>
      <Typography variant="caption" data-testid="module-label">
        {translate(`app.modules.${getCurrentModule()}`)} · {translate('app.title')}
      </Typography>
    </Box>
  );
}
