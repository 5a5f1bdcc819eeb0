// Menu `icon` names (the icon set of the system this replaces) → MUI icons, with a fallback.
import type { SvgIconComponent } from '@mui/icons-material';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AppsOutlined from '@mui/icons-material/AppsOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import BackupOutlined from '@mui/icons-material/BackupOutlined';
import BookOutlined from '@mui/icons-material/BookOutlined';
import BuildOutlined from '@mui/icons-material/BuildOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CloudSyncOutlined from '@mui/icons-material/CloudSyncOutlined';
import CodeOutlined from '@mui/icons-material/CodeOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import MenuOutlined from '@mui/icons-material/MenuOutlined';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import NewspaperOutlined from '@mui/icons-material/NewspaperOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import SecurityOutlined from '@mui/icons-material/SecurityOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import SubscriptionsOutlined from '@mui/icons-material/SubscriptionsOutlined';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import WidgetsOutlined from '@mui/icons-material/WidgetsOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';

export const FALLBACK_ICON: SvgIconComponent = ArticleOutlined;

const ICONS: Record<string, SvgIconComponent> = {
  system: SettingsOutlined,
  peoples: GroupOutlined,
  user: PersonOutlined,
  role: SecurityOutlined,
  permission: SecurityOutlined,
  menu: MenuOutlined,
  dept: AccountTreeOutlined,
  tree: AccountTreeOutlined,
  'tree-table': AccountTreeOutlined,
  'steve-jobs': WorkOutlineOutlined,
  job: WorkOutlineOutlined,
  dictionary: MenuBookOutlined,
  dict: MenuBookOutlined,
  monitor: MonitorHeartOutlined,
  sentinel: MonitorHeartOutlined,
  online: DevicesOutlined,
  log: ReceiptLongOutlined,
  error: ErrorOutlineOutlined,
  dashboard: DashboardOutlined,
  index: HomeOutlined,
  home: HomeOutlined,
  chart: BarChartOutlined,
  visits: InsightsOutlined,
  statistics: InsightsOutlined,
  news: NewspaperOutlined,
  newspaper: NewspaperOutlined,
  doc: DescriptionOutlined,
  documentation: DescriptionOutlined,
  edit: EditNoteOutlined,
  manuscript: EditNoteOutlined,
  journal: BookOutlined,
  education: BookOutlined,
  product: WidgetsOutlined,
  zujian: WidgetsOutlined,
  app: AppsOutlined,
  tools: BuildOutlined,
  'sys-tools': BuildOutlined,
  dev: CodeOutlined,
  codeconsole: CodeOutlined,
  timing: TimerOutlined,
  date: CalendarMonthOutlined,
  database: StorageOutlined,
  storage: StorageOutlined,
  backup: BackupOutlined,
  server: DnsOutlined,
  servermonitor: DnsOutlined,
  exchange: CloudSyncOutlined,
  migrate: CloudSyncOutlined,
  web: LanguageOutlined,
  website: LanguageOutlined,
  international: TranslateOutlined,
  translate: TranslateOutlined,
  language: TranslateOutlined,
  link: LinkOutlined,
  chain: LinkOutlined,
  email: EmailOutlined,
  message: NotificationsOutlined,
  notice: NotificationsOutlined,
  gonggao: NotificationsOutlined,
  search: SearchOutlined,
  share: ShareOutlined,
  subscribe: SubscriptionsOutlined,
  image: ImageOutlined,
  lock: LockOutlined,
  password: LockOutlined,
  list: ListAltOutlined,
  nested: FolderOutlined,
  folder: FolderOutlined,
  eye: VisibilityOutlined,
  setting: TuneOutlined,
  theme: TuneOutlined,
  badge: BadgeOutlined,
};

export function menuIcon(name?: string | null): SvgIconComponent {
  return (name && ICONS[name.toLowerCase()]) || FALLBACK_ICON;
}
