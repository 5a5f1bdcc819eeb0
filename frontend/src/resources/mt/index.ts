import TranslateIcon from '@mui/icons-material/TranslateOutlined';
import { lazy } from 'react';

/** Loaded when the screen is opened (the news pages do not pay for the administration screens). */
const MtPage = lazy(() => import('./MtPage').then((m) => ({ default: m.MtPage })));

export default { list: MtPage, icon: TranslateIcon };
