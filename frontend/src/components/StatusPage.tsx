import type { ReactNode } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

interface StatusPageProps {
  code: string;
  title: string;
  hint: string;
  icon?: ReactNode;
}

/** Full-page status (401, 404) with "back" and "home" actions. */
export function StatusPage({ code, title, hint, icon }: StatusPageProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 3 }}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 460 }}>
        {icon}
        <Typography sx={{ fontSize: 88, fontWeight: 700, lineHeight: 1, color: 'primary.main', letterSpacing: 4 }}>{code}</Typography>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{hint}</Typography>
        <Stack direction="row" spacing={1.5} sx={{ pt: 1 }}>
          <Button variant="outlined" onClick={() => navigate(-1)}>
            {translate('app.pages.go_back')}
          </Button>
          <Button variant="contained" onClick={() => navigate('/enter', { replace: true })}>
            {translate('app.pages.back_home')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
