import { Button, Stack, Tooltip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import MonitorOutlined from '@mui/icons-material/MonitorOutlined';
import SlideshowOutlined from '@mui/icons-material/SlideshowOutlined';
import { openScreen, screenApi } from './api';
import { useScreenText } from './useScreenText';

/**
 * The two large-screen entries of the top bar (spec §2 "Shell"): shown when `GET api/screen/access`
 * says so (LARGE_SCREEN_JOB_IDS, administrators always), each opening its screen in a new window.
 */
export function ScreenEntries() {
  const t = useScreenText();
  const { data } = useQuery({
    queryKey: ['horizon', 'screen', 'access'],
    queryFn: ({ signal }) => screenApi.access(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (!data?.enabled) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ mr: 1 }} data-testid="screen-entries">
      <Tooltip title={t('entries.hint')} describeChild>
        <Button size="small" color="inherit" startIcon={<MonitorOutlined fontSize="small" />} onClick={() => openScreen('screen')}>
          {t('entries.screen')}
        </Button>
      </Tooltip>
      <Tooltip title={t('entries.hint')} describeChild>
        <Button size="small" color="inherit" startIcon={<SlideshowOutlined fontSize="small" />} onClick={() => openScreen('screenShow')}>
          {t('entries.screenShow')}
        </Button>
      </Tooltip>
    </Stack>
  );
}
