// The one stylesheet of the news table rows (NewsTableRow.tsx). The rows are plain DOM elements with
// `nr-*` class names: the styles are serialised once per theme and their rules inserted once, so
// rendering a row does no emotion work at all (50 rows × ~50 styled/sx elements were most of the
// list's first paint, npm run bench:ui). The values reproduce what the MUI components of the former
// rows computed in this theme (TableRow/TableCell small, Typography, Chip small, Button text small,
// IconButton small, Checkbox small inside a checkbox cell, SvgIcon) plus their `sx` overrides.
import { css, type CSSObject, type SerializedStyles } from '@emotion/react';
import { TableBody } from '@mui/material';
import { alpha, styled, type Theme } from '@mui/material/styles';
import { horizonPalette } from '../../theme/theme';

type TypographyVariant = Theme['typography']['body1'];

/** What a Typography variant sets (MUI spreads the variant; its type is MUI's, not emotion's). */
const font = ({ fontFamily, fontWeight, fontSize, lineHeight, letterSpacing, textTransform }: TypographyVariant): CSSObject => ({
  fontFamily,
  fontWeight,
  fontSize,
  lineHeight,
  letterSpacing,
  textTransform,
});

function rowStyles(theme: Theme): CSSObject {
  const { palette, typography, transitions } = theme;
  const hz = horizonPalette(theme);
  const primary = palette.primary.main;
  const hoverOpacity = palette.action.hoverOpacity;
  // text Button colours: the text in the palette colour, a 4 % tint on hover, the focus ripple's 30 %
  const tone = (main: string) => ({
    color: main,
    '@media (hover: hover)': { '&:hover': { backgroundColor: alpha(main, hoverOpacity) } },
    '&:focus-visible': { backgroundColor: alpha(main, 0.3) },
  });
  /** ButtonBase's reset: what the round icon buttons and the checkbox share. */
  const buttonReset = {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    position: 'relative',
    boxSizing: 'border-box',
    WebkitTapHighlightColor: 'transparent',
    backgroundColor: 'transparent',
    outline: 0,
    border: 0,
    margin: 0,
    borderRadius: '50%',
    cursor: 'pointer',
    userSelect: 'none',
    verticalAlign: 'middle',
  } as const;
  const iconButton = {
    ...buttonReset,
    padding: 2,
    appearance: 'none',
    textDecoration: 'none',
    textAlign: 'center',
    flex: '0 0 auto',
    fontSize: typography.pxToRem(18),
    color: hz.textMuted,
    transition: transitions.create('background-color', { duration: transitions.duration.shortest }),
    '&:hover': { backgroundColor: palette.action.hover },
    '@media (hover: none)': { '&:hover': { backgroundColor: 'transparent' } },
    '&:focus-visible': { backgroundColor: alpha(hz.textMuted, 0.3) },
    '&::-moz-focus-inner': { borderStyle: 'none' },
  } as const;
  const chip = {
    maxWidth: '100%',
    fontFamily: typography.fontFamily,
    fontSize: 12,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    lineHeight: 1.5,
    whiteSpace: 'nowrap',
    outline: 0,
    textDecoration: 'none',
    padding: 0,
    verticalAlign: 'middle',
    boxSizing: 'border-box',
    color: palette.text.primary,
    transition: transitions.create(['background-color', 'box-shadow']),
  } as const;

  return {
    // ---- row and cells (TableRow hover + the row's sx; TableCell small with the theme overrides) ----
    '& .nr-row': {
      color: 'inherit',
      display: 'table-row',
      verticalAlign: 'top',
      outline: 0,
      cursor: 'pointer',
      '&:hover': { backgroundColor: palette.action.hover },
      '&.Mui-selected, &.Mui-selected:hover': { backgroundColor: hz.brandTint },
      '&.Mui-selected > td:first-of-type': { boxShadow: `inset 3px 0 0 ${hz.brand}` },
      '& > td': {
        ...font(typography.body2),
        display: 'table-cell',
        verticalAlign: 'inherit',
        textAlign: 'left',
        color: palette.text.primary,
        borderBottom: `1px solid ${hz.borderLighter}`,
        padding: '10px 10px',
        whiteSpace: 'normal',
      },
      '& > td.nr-check-cell': { width: 24, padding: '6px 8px 0', whiteSpace: 'nowrap' },
      '& > td.nr-main-cell': { minWidth: 280 },
      '& > td.nr-tags-cell': { width: 170 },
      '& > td.nr-actions-cell': { width: 252 },
      '& > td.nr-actions-cell.nr-wide': { width: 272 },
    },

    // ---- icons (SvgIcon) ----
    '& .nr-icon': {
      userSelect: 'none',
      width: '1em',
      height: '1em',
      display: 'inline-block',
      flexShrink: 0,
      fill: 'currentColor',
      transition: transitions.create('fill', { duration: transitions.duration.shorter }),
    },

    // ---- selection checkbox (Checkbox small; the checkbox cell takes its padding away) ----
    '& .nr-check': {
      ...buttonReset,
      padding: 0,
      color: palette.text.secondary,
      '&.nr-checked': { color: primary },
      '&:hover': { backgroundColor: alpha(primary, hoverOpacity) },
      '@media (hover: none)': { '&:hover': { backgroundColor: 'transparent' } },
      // round for the keyboard-focus tint below; visible overflow so the rounding clips no corner
      '& > .nr-icon': { fontSize: typography.pxToRem(20), borderRadius: '50%', overflow: 'visible' },
    },
    '& .nr-check-input': {
      cursor: 'inherit',
      position: 'absolute',
      opacity: 0,
      width: '100%',
      height: '100%',
      top: 0,
      left: 0,
      margin: 0,
      padding: 0,
      zIndex: 1,
      '&:focus-visible + .nr-icon': { backgroundColor: alpha(palette.text.secondary, 0.3) },
      '&:focus-visible:checked + .nr-icon': { backgroundColor: alpha(primary, 0.3) },
    },

    // ---- title cell ----
    '& .nr-title': {
      margin: 0,
      ...font(typography.body1),
      fontSize: 14,
      fontWeight: 600,
      lineHeight: 1.5,
      color: palette.text.primary,
      display: '-webkit-box',
      WebkitLineClamp: 2,
      WebkitBoxOrient: 'vertical',
      overflow: 'hidden',
      outline: 'none',
      '&:focus-visible': { boxShadow: `0 0 0 2px ${alpha(hz.brand, 0.5)}`, borderRadius: 2 },
    },
    '& .nr-original': {
      margin: 0,
      ...font(typography.body1),
      fontSize: 12.5,
      lineHeight: 1.5,
      marginTop: 2,
      color: palette.text.secondary,
      display: '-webkit-box',
      WebkitLineClamp: 1,
      WebkitBoxOrient: 'vertical',
      overflow: 'hidden',
      wordBreak: 'break-all',
    },
    '& .nr-row[data-read] .nr-title': { fontWeight: 400, color: hz.textMuted },
    '& .nr-row[data-read] .nr-original': { color: hz.rowReadOriginal },
    '& .nr-row:hover .nr-title': { color: primary },
    '& .nr-row[data-read]:hover .nr-title': { color: hz.rowReadHover },
    '& .nr-dot': {
      display: 'inline-block',
      width: 6,
      height: 6,
      borderRadius: '50%',
      backgroundColor: primary,
      marginRight: 6,
      verticalAlign: 'middle',
      position: 'relative',
      top: -1,
    },
    '& .nr-meta': {
      display: 'flex',
      alignItems: 'center',
      flexWrap: 'wrap',
      columnGap: 12,
      rowGap: 2,
      marginTop: 6,
      fontSize: 12,
      color: hz.textMuted,
    },
    '& .nr-meta-item': {
      display: 'inline-flex',
      alignItems: 'center',
      gap: 3,
      minWidth: 0,
      maxWidth: 220,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      '& > .nr-icon': { fontSize: 13 },
    },
    '& .nr-badge': {
      display: 'inline-flex',
      alignItems: 'center',
      gap: 2,
      paddingLeft: 6,
      paddingRight: 6,
      height: 18,
      lineHeight: '18px',
      fontSize: 11.5,
      borderRadius: 3,
      flexShrink: 0,
      '& > .nr-icon': { fontSize: 12 },
    },
    '& .nr-badge-done': { color: palette.success.main, backgroundColor: hz.successLight },
    '& .nr-badge-examine': { color: palette.warning.main, backgroundColor: hz.warningLight },
    '& .nr-badge-files': { color: hz.brand, backgroundColor: hz.brandLight },
    '& .nr-badge-warned': { color: palette.error.main, backgroundColor: hz.errorLight },

    // ---- classification / keyword cells ----
    '& .nr-tags': { display: 'flex', alignItems: 'flex-start', gap: 4, minWidth: 0 },
    '& .nr-tag-list': { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 4, minWidth: 0, flex: '0 1 auto' },
    '& .nr-empty': { margin: 0, ...font(typography.caption), lineHeight: '22px', color: palette.text.disabled },
    '& .nr-chip-label': { overflow: 'hidden', textOverflow: 'ellipsis', paddingLeft: 8, paddingRight: 8, whiteSpace: 'nowrap' },
    '& .nr-tag': { ...chip, height: 22, borderRadius: 4 },
    '& .nr-tag-classify': { maxWidth: 104, backgroundColor: hz.brandLight, color: hz.brand, border: `1px solid ${hz.brandBorder}` },
    '& .nr-tag-keyword': { maxWidth: 104, backgroundColor: hz.infoLight, color: palette.text.secondary, border: `1px solid ${hz.infoBorder}` },
    '& .nr-tag-more': { backgroundColor: palette.background.paper, border: `1px dashed ${hz.border}`, color: palette.text.secondary },
    '& .nr-edit': { ...iconButton, flexShrink: 0, '&:hover': { backgroundColor: palette.action.hover, color: primary }, '& > .nr-icon': { fontSize: 16 } },

    // ---- actions cell (Button text small + the row's sx) ----
    '& .nr-actions': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 2, marginLeft: -6 },
    '& .nr-action': {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      position: 'relative',
      boxSizing: 'border-box',
      WebkitTapHighlightColor: 'transparent',
      backgroundColor: 'transparent',
      outline: 0,
      border: 0,
      margin: 0,
      borderRadius: theme.shape.borderRadius,
      cursor: 'pointer',
      userSelect: 'none',
      verticalAlign: 'middle',
      appearance: 'none',
      textDecoration: 'none',
      ...font(typography.button),
      fontWeight: 400,
      fontSize: 12.5,
      lineHeight: 1.6,
      minWidth: 0,
      padding: '1px 6px',
      whiteSpace: 'nowrap',
      boxShadow: 'none',
      transition: transitions.create(['background-color', 'box-shadow', 'border-color'], { duration: transitions.duration.short }),
      ...tone(primary),
      '&::-moz-focus-inner': { borderStyle: 'none' },
      '&.nr-on': { fontWeight: 600 },
      '&.nr-warning': tone(palette.warning.main),
      '&.nr-success': tone(palette.success.main),
      '&.nr-error': tone(palette.error.main),
      '&:disabled': { color: palette.action.disabled, pointerEvents: 'none', cursor: 'default' },
    },
    '& .nr-chosen': {
      ...chip,
      height: 20,
      marginLeft: 4,
      marginRight: 4,
      borderRadius: 16,
      backgroundColor: 'transparent',
      border: `1px solid ${palette.grey[400]}`,
      '& > .nr-chip-label': { paddingLeft: 7, paddingRight: 7 },
      '&.nr-success': { color: palette.success.main, border: `1px solid ${alpha(palette.success.main, 0.7)}` },
    },
    '& .nr-more': { ...iconButton, '& > .nr-icon': { fontSize: typography.pxToRem(20) } },
  };
}

/** Serialised once per theme (the primary colour is a setting): a list render then costs a lookup. */
const serialised = new WeakMap<Theme, SerializedStyles>();

/** `<tbody>` of the news table: hosts the styles of every `NewsTableRow` inside it. */
export const NewsRowsBody = styled(TableBody)(({ theme }) => {
  let styles = serialised.get(theme);
  if (!styles) {
    styles = css(rowStyles(theme));
    serialised.set(theme, styles);
  }
  return styles;
});
