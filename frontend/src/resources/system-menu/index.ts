import MenuIcon from '@mui/icons-material/MenuOutlined';
import { lazy } from 'react';

/** Loaded when the screen is opened (the news pages do not pay for the administration screens). */
const MenuList = lazy(() => import('./MenuList').then((m) => ({ default: m.MenuList })));

export default { list: MenuList, icon: MenuIcon };
