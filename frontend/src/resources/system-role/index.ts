import RoleIcon from '@mui/icons-material/SupervisorAccountOutlined';
import { lazy } from 'react';

/** Loaded when the screen is opened (the news pages do not pay for the administration screens). */
const RoleList = lazy(() => import('./RoleList').then((m) => ({ default: m.RoleList })));

export default { list: RoleList, icon: RoleIcon };
