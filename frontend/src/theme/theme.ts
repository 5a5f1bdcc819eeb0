// Light, compact theme in the colours staff know from the system this replaces (Element UI):
// primary #409EFF by default, dark sidebar, small tables, Chinese font stack.
import { alpha, type Theme } from '@mui/material/styles';
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

export const DEFAULT_PRIMARY = '#409EFF';
/** The eight preset theme colours of the settings drawer (spec §9). */
export const PRESET_COLORS = ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];

export const SIDEBAR = {
  width: 210,
  closedWidth: 54,
  background: '#304156',
  nestedBackground: '#1f2d3d',
  hoverBackground: '#263445',
  text: '#bfcbd9',
  /** The logo strip above the menu. */
  logoBackground: '#2b2f3a',
};

export const FONT_FAMILY = [
  '"Helvetica Neue"',
  'Helvetica',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"微软雅黑"',
  '"WenQuanYi Micro Hei"',
  'Arial',
  'sans-serif',
].join(',');

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);
}

const ERROR = '#F56C6C';

/** Element UI's blue: fixed, whatever primary colour the settings drawer chose (tags, selections). */
const BRAND = '#409eff';

/**
 * The Element UI shades the screens use beyond MUI's palette roles, as `palette.horizon`. Text and
 * status colours that MUI has (text.primary #303133, text.secondary #606266, error/warning/success
 * main) come from the palette itself.
 */
export const HORIZON_PALETTE = {
  /** Secondary text (labels, meta lines, icons). */
  textMuted: '#909399',
  /** Placeholder text and decorative icons of empty states. */
  textPlaceholder: '#c0c4cc',
  /** Base border (inputs, buttons, dashed "more" tags). */
  border: '#dcdfe6',
  borderLight: '#e4e7ed',
  /** The hairline between blocks of a card or table. */
  borderLighter: '#ebeef5',
  /** Light fill: tab strips, code blocks, quoted boxes. */
  fill: '#f5f7fa',
  fillLighter: '#fafafa',
  /** Search history separator. */
  fillDark: '#f0f0f0',
  /** Table header background. */
  tableHead: '#f8f8f9',
  brand: BRAND,
  /** Classification tags and active toggles: background and border. */
  brandLight: '#ecf5ff',
  brandBorder: '#d9ecff',
  /** Selected rows, the active sort button. */
  brandTint: alpha(BRAND, 0.08),
  /** Selected tree items, the page icon. */
  brandTintStrong: alpha(BRAND, 0.12),
  /** Keyword tags: background and border. */
  infoLight: '#f4f4f5',
  infoBorder: '#e9e9eb',
  /** Status badges' backgrounds. */
  successLight: '#f0f9eb',
  warningLight: '#fdf6ec',
  errorLight: '#fef0f0',
  /** A read row: its original title, and its title under the pointer. */
  rowReadOriginal: '#b1b3b8',
  rowReadHover: '#79a9d9',
  /** Version comparison: inserted and deleted text. */
  diffInsertedBg: '#e1f3d8',
  diffInsertedText: '#2b7a0b',
  diffDeletedBg: '#fde2e2',
  diffDeletedText: '#c45656',
  /** The tags bar's bottom line. */
  tagsBorder: '#d8dce5',
  /** On the primary-coloured top bar of the process shell: hover, the selected link, the avatar. */
  onPrimaryHover: 'rgba(255,255,255,.12)',
  onPrimarySelected: 'rgba(255,255,255,.16)',
  onPrimaryAvatar: 'rgba(255,255,255,.25)',
  /** The veil over an image with an action on it (the avatar's 更换). */
  overlay: 'rgba(0,0,0,.45)',
  /** The launch page's tiles, one colour per system. */
  launchCollect: '#409EFF',
  launchProcess: '#11a983',
  launchSystem: '#6959CD',
  launchStorage: '#E6A23C',
  launchKnowledge: '#13c2c2',
  launchClue: '#f5222d',
};

/** The shadows of the shells and cards (Element's), for `boxShadow`. */
export const HORIZON_SHADOWS = {
  /** Notifications and live notices. */
  popup: '0 2px 12px rgba(0, 0, 0, 0.12)',
  /** The admin top bar. */
  appBar: '0 1px 4px rgba(0, 21, 41, 0.08)',
  /** The process shell's top bar. */
  processBar: '0 1px 4px rgba(0, 21, 41, 0.12)',
  /** The selected link of the process shell's top bar: a white underline. */
  processNavSelected: 'inset 0 -3px 0 #fff',
  tagsBar: '0 1px 3px 0 rgba(0,0,0,.08)',
  /** The login card. */
  card: '0 12px 40px rgba(31, 45, 61, .12)',
  /** A launch tile under the pointer. */
  cardHover: '0 10px 30px rgba(31,45,61,.12)',
} as const;

/** Full-page backgrounds (CSS `background`) of the pages outside the shells. */
export const HORIZON_BACKGROUNDS = {
  login:
    'radial-gradient(circle at 15% 20%, rgba(64,158,255,.18), transparent 45%),' +
    'radial-gradient(circle at 85% 80%, rgba(17,169,131,.14), transparent 40%), #f0f3f8',
  launch: 'linear-gradient(180deg, #eaf3ff 0%, #f5f7fa 45%, #f5f7fa 100%)',
} as const;

export type HorizonPalette = typeof HORIZON_PALETTE;
export type HorizonToken = keyof HorizonPalette;

declare module '@mui/material/styles' {
  interface Palette {
    horizon: HorizonPalette;
  }
  interface PaletteOptions {
    horizon?: HorizonPalette;
  }
}

/** The Horizon shades of a theme (the defaults under a theme not made here, e.g. a test's). */
export function horizonPalette(theme: Theme): HorizonPalette {
  return (theme.palette as Partial<Theme['palette']>).horizon ?? HORIZON_PALETTE;
}

/** A Horizon shade as an `sx` palette path (`color: horizon('textMuted')`), resolved by MUI against the theme. */
export const horizon = (token: HorizonToken): string => `horizon.${token}`;

/** A 1px line in a Horizon shade for `sx` (`borderBottom: line()`): `1px solid #ebeef5` by default. */
export const line =
  (token: HorizonToken = 'borderLighter', style: 'solid' | 'dashed' = 'solid') =>
  (theme: Theme): string =>
    `1px ${style} ${horizonPalette(theme)[token]}`;

/** Element-style message boxes: plain 取消, filled 确认 (red for deletions), no icons. */
function confirmDialogStyle(primary: string) {
  const filled = (color: string) => ({
    backgroundColor: color,
    borderColor: color,
    color: '#fff',
    '&:hover': { backgroundColor: color, filter: 'brightness(0.92)' },
  });
  return {
    '& .MuiDialog-paper': { minWidth: 360 },
    '& .MuiDialogActions-root': { padding: '4px 20px 16px' },
    '& .MuiDialogActions-root .MuiButton-root': { border: '1px solid #dcdfe6', color: '#606266', padding: '3px 15px' },
    '& .MuiButton-startIcon': { display: 'none' },
    '& .MuiDialogActions-root .RaConfirm-confirmPrimary': filled(primary),
    '& .MuiDialogActions-root .RaConfirm-confirmWarning': filled(ERROR),
  };
}

export function createHorizonTheme(primary: string = DEFAULT_PRIMARY): RaThemeOptions {
  const base = defaultLightTheme;
  const main = isHexColor(primary) ? primary : DEFAULT_PRIMARY;
  return {
    ...base,
    sidebar: { width: SIDEBAR.width, closedWidth: SIDEBAR.closedWidth },
    palette: {
      ...base.palette,
      mode: 'light',
      // white on every preset, as in Element UI (MUI's contrast rule would pick black on the light ones)
      primary: { main, contrastText: '#fff' },
      secondary: { main: '#304156' },
      background: { default: '#f0f2f5', paper: '#ffffff' },
      text: { primary: '#303133', secondary: '#606266' },
      error: { main: ERROR, contrastText: '#fff' },
      warning: { main: '#E6A23C', contrastText: '#fff' },
      success: { main: '#67C23A', contrastText: '#fff' },
      info: { main: '#909399' },
      horizon: HORIZON_PALETTE,
    },
    shape: { borderRadius: 4 },
    typography: {
      ...base.typography,
      fontFamily: FONT_FAMILY,
      fontSize: 13,
      button: { textTransform: 'none' },
    },
    components: {
      ...base.components,
      MuiTable: { defaultProps: { size: 'small' } },
      MuiTableCell: {
        styleOverrides: {
          // compact one-line cells (dates, names); long texts opt in to wrapping or an ellipsis
          root: { whiteSpace: 'nowrap', '&.MuiTableCell-paddingCheckbox': { padding: '0 8px' } },
          head: { fontWeight: 600, color: '#515a6e', backgroundColor: '#f8f8f9' },
          sizeSmall: { padding: '6px 10px' },
        },
      },
      // the layout never grows past the viewport: wide tables scroll inside their own wrapper
      RaLayout: { styleOverrides: { root: { minWidth: 0 } } },
      RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
      RaDataTable: { styleOverrides: { root: { '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } } },
      MuiTextField: {
        defaultProps: { variant: 'outlined', margin: 'dense', size: 'small', fullWidth: true },
      },
      MuiFormControl: {
        defaultProps: { variant: 'outlined', margin: 'dense', size: 'small', fullWidth: true },
      },
      // inputs stay white on the grey page (filter bars sit outside the cards)
      MuiOutlinedInput: { styleOverrides: { root: { backgroundColor: '#ffffff' } } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 4 } } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      RaConfirm: { styleOverrides: { root: confirmDialogStyle(main) } },
      RaToolbar: { styleOverrides: { root: { backgroundColor: 'transparent' } } },
    },
  };
}
