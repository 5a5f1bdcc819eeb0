import { Box, Divider, Drawer, FormControlLabel, IconButton, Stack, Switch, Tooltip, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';
import { PRESET_COLORS } from '../theme/theme';
import type { LayoutSettings } from './settings';
import { useSettings } from './useSettings';

type Switches = Exclude<keyof LayoutSettings, 'themeColor'>;

const SWITCHES: { key: Switches; label: string }[] = [
  { key: 'tagsView', label: 'app.settings.tags_view' },
  { key: 'fixedHeader', label: 'app.settings.fixed_header' },
  { key: 'sidebarLogo', label: 'app.settings.sidebar_logo' },
  { key: 'uniqueOpened', label: 'app.settings.unique_opened' },
];

/** Layout settings: theme colour (eight presets) and the shell switches, applied at once. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const { settings, update } = useSettings();
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 280 } } }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
        <Typography variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
          {translate('app.settings.title')}
        </Typography>
        <IconButton size="small" onClick={onClose} aria-label={translate('ra.action.close')}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ px: 2, py: 2 }}>
        <Typography variant="body2" sx={{ mb: 1, color: 'text.secondary' }}>
          {translate('app.settings.theme_color')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} role="radiogroup" aria-label={translate('app.settings.theme_color')}>
          {PRESET_COLORS.map((color) => {
            const selected = settings.themeColor.toLowerCase() === color.toLowerCase();
            return (
              <Tooltip key={color} title={color}>
                <IconButton
                  role="radio"
                  aria-checked={selected}
                  aria-label={color}
                  onClick={() => update({ themeColor: color })}
                  sx={{
                    width: 26,
                    height: 26,
                    borderRadius: 1,
                    bgcolor: color,
                    color: 'common.white',
                    '&:hover': { bgcolor: color, opacity: 0.85 },
                  }}
                >
                  {selected && <CheckIcon sx={{ fontSize: 16 }} />}
                </IconButton>
              </Tooltip>
            );
          })}
        </Stack>
      </Box>
      <Divider />
      <Stack sx={{ px: 2, py: 1 }}>
        {SWITCHES.map(({ key, label }) => (
          <FormControlLabel
            key={key}
            labelPlacement="start"
            label={translate(label)}
            sx={{ justifyContent: 'space-between', ml: 0 }}
            control={<Switch checked={settings[key]} onChange={(event) => update({ [key]: event.target.checked })} />}
          />
        ))}
      </Stack>
    </Drawer>
  );
}
