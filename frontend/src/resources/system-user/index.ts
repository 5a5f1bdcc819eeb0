import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import { lazy } from 'react';

/** Loaded when the screen is opened (the news pages do not pay for the administration screens). */
const UserList = lazy(() => import('./UserList').then((m) => ({ default: m.UserList })));

export default { list: UserList, icon: PeopleIcon };
