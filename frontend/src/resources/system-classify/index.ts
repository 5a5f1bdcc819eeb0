import ClassifyIcon from '@mui/icons-material/AccountTreeOutlined';
import { lazy } from 'react';

/** Loaded when the screen is opened (the news pages do not pay for the administration screens). */
const ClassifyPage = lazy(() => import('./ClassifyPage').then((m) => ({ default: m.ClassifyPage })));

export default { list: ClassifyPage, icon: ClassifyIcon };
