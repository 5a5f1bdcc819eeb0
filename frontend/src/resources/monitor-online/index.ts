import OnlineIcon from '@mui/icons-material/WifiOutlined';
import { OnlineList } from './OnlineList';

export default { list: OnlineList, icon: OnlineIcon };
