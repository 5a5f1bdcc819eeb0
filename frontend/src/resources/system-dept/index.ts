import DeptIcon from '@mui/icons-material/AccountTreeOutlined';
import { DeptList } from './DeptList';

export default { list: DeptList, icon: DeptIcon };
