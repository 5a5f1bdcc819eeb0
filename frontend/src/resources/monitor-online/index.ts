import OnlineIcon from '@mui/icons-material/WifiOutlined';
import { lazy } from 'react';

/** Loaded when the screen is opened (the news pages do not pay for the administration screens). */
const OnlineList = lazy(() => import('./OnlineList').then((m) => ({ default: m.OnlineList })));

export default { list: OnlineList, icon: OnlineIcon };
