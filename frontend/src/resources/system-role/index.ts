import RoleIcon from '@mui/icons-material/SupervisorAccountOutlined';
import { RoleList } from './RoleList';

export default { list: RoleList, icon: RoleIcon };
