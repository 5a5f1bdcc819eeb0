import ThemeIcon from '@mui/icons-material/LabelOutlined';
import { lazy } from 'react';

/** Loaded when the screen is opened (the news pages do not pay for the administration screens). */
const ThemeList = lazy(() => import('./ThemeList').then((m) => ({ default: m.ThemeList })));

export default { list: ThemeList, icon: ThemeIcon };
