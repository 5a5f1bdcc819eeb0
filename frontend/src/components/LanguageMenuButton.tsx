import { type MouseEvent, useState } from 'react';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TranslateIcon from '@mui/icons-material/Translate';
import { Button, IconButton, Menu, MenuItem, type Theme, Tooltip, useMediaQuery } from '@mui/material';
import { useLocales, useLocaleState, useTranslate } from 'react-admin';

/** Language switch of the top bars: the language name on wide screens, an icon on phones. */
export function LanguageMenuButton() {
  const translate = useTranslate();
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const label = translate('app.navbar.language');
  const current = languages.find((language) => language.locale === locale)?.name ?? locale;
  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);

  return (
    <>
      {compact ? (
        <Tooltip title={label}>
          <IconButton color="inherit" aria-label={label} aria-haspopup="menu" onClick={open}>
            <TranslateIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          color="inherit"
          aria-label={`${label}: ${current}`}
          aria-haspopup="menu"
          startIcon={<TranslateIcon />}
          endIcon={<ExpandMoreIcon fontSize="small" />}
          onClick={open}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {current}
        </Button>
      )}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {languages.map((language) => (
          <MenuItem
            key={language.locale}
            selected={language.locale === locale}
            onClick={() => {
              setLocale(language.locale);
              setAnchor(null);
            }}
          >
            {language.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
