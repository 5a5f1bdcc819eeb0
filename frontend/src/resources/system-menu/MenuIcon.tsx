import type { SvgIconProps } from '@mui/material';
import { menuIcon } from '../../layout/menuIcons';

/** Preview of a menu's icon name with the shell's own registry, so the list shows what the sidebar shows. */
export function MenuIcon({ name, fontSize = 'small' }: { name: string | null | undefined; fontSize?: SvgIconProps['fontSize'] }) {
  if (!name) return null;
  const Icon = menuIcon(name);
  return <Icon fontSize={fontSize} titleAccess={name} />;
}
