import { Box, Card, Typography } from '@mui/material';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { Title, useTranslate } from 'react-admin';

/** Empty state for routes of modules still to be built. */
export function UnderConstruction({ title }: { title?: string }) {
  const translate = useTranslate();
  const heading = title ?? translate('app.pages.under_construction');
  return (
    <Card sx={{ mt: 1 }}>
      <Title title={heading} />
      <Box sx={{ py: 10, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, color: 'text.secondary' }}>
        <ConstructionOutlined sx={{ fontSize: 64, color: 'primary.light' }} />
        <Typography variant="h6" component="h1" color="text.primary">
          {heading} · {translate('app.pages.under_construction')}
        </Typography>
        <Typography variant="body2">{translate('app.pages.under_construction_hint')}</Typography>
      </Box>
    </Card>
  );
}
