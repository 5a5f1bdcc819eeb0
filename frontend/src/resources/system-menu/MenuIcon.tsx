import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import AccountTreeIcon from '@mui/icons-material/AccountTreeOutlined';
import CircleIcon from '@mui/icons-material/CircleOutlined';
import DownloadIcon from '@mui/icons-material/CloudDownloadOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import LinkIcon from '@mui/icons-material/LinkOutlined';
import MenuBookIcon from '@mui/icons-material/MenuBookOutlined';
import MenuIconSvg from '@mui/icons-material/MenuOutlined';
import MonitorIcon from '@mui/icons-material/MonitorHeartOutlined';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import StorageIcon from '@mui/icons-material/StorageOutlined';
import RoleIcon from '@mui/icons-material/SupervisorAccountOutlined';
import TimelineIcon from '@mui/icons-material/TimelineOutlined';
import WifiIcon from '@mui/icons-material/WifiOutlined';
import WorkIcon from '@mui/icons-material/WorkOutlineOutlined';

/**
 * Preview of the eladmin icon names seeded in menus (the shell's own registry is authoritative);
 * unknown names show a neutral dot.
 */
const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  system: SettingsIcon,
  peoples: PeopleIcon,
  user: PeopleIcon,
  role: RoleIcon,
  permission: RoleIcon,
  menu: MenuIconSvg,
  dept: AccountTreeIcon,
  tree: AccountTreeIcon,
  'Steve-Jobs': WorkIcon,
  job: WorkIcon,
  dictionary: MenuBookIcon,
  dict: MenuBookIcon,
  monitor: MonitorIcon,
  online: WifiIcon,
  log: HistoryIcon,
  error: ErrorIcon,
  link: LinkIcon,
  chain: LinkIcon,
  storage: StorageIcon,
  database: StorageIcon,
  download: DownloadIcon,
  collect: DownloadIcon,
  process: TimelineIcon,
  doc: DescriptionIcon,
  documentation: DescriptionIcon,
};

export const knownMenuIcon = (name: string | null | undefined): boolean => Boolean(name && ICONS[name]);

export function MenuIcon({ name, fontSize = 'small' }: { name: string | null | undefined; fontSize?: SvgIconProps['fontSize'] }) {
  if (!name) return null;
  const Icon = ICONS[name] ?? CircleIcon;
  return <Icon fontSize={fontSize} titleAccess={name} />;
}
