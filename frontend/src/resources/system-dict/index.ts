import DictIcon from '@mui/icons-material/MenuBookOutlined';
import { lazy } from 'react';

/** Loaded when the screen is opened (the news pages do not pay for the administration screens). */
const DictList = lazy(() => import('./DictList').then((m) => ({ default: m.DictList })));

export default { list: DictList, icon: DictIcon };
