import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import { UserList } from './UserList';

export default { list: UserList, icon: PeopleIcon };
