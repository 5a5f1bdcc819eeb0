import DeptIcon from '@mui/icons-material/AccountTreeOutlined';
import { lazy } from 'react';

/** Loaded when the screen is opened (the news pages do not pay for the administration screens). */
const DeptList = lazy(() => import('./DeptList').then((m) => ({ default: m.DeptList })));

export default { list: DeptList, icon: DeptIcon };
