import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import { lazy } from 'react';

/** Loaded when the screen is opened (the news pages do not pay for the administration screens). */
const LogList = lazy(() => import('./LogList').then((m) => ({ default: m.LogList })));

export default { list: LogList, icon: HistoryIcon };
