import MenuIcon from '@mui/icons-material/MenuOutlined';
import { MenuList } from './MenuList';

export default { list: MenuList, icon: MenuIcon };
