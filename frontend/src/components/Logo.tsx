import { useTheme } from '@mui/material/styles';

/** The Horizon mark: a sun on the horizon, in the theme colour. */
export function Logo({ size = 32, color }: { size?: number; color?: string }) {
  const theme = useTheme();
  const fill = color ?? theme.palette.primary.main;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-hidden="true" style={{ flexShrink: 0 }}>
      <rect width="64" height="64" rx="14" fill={fill} />
      <circle cx="32" cy="40" r="12" fill="none" stroke={theme.palette.common.white} strokeWidth="4" />
      <rect x="8" y="41" width="48" height="15" fill={fill} />
      <path d="M10 40h44" stroke={theme.palette.common.white} strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
