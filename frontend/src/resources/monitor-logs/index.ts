import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import { LogList } from './LogList';

export default { list: LogList, icon: HistoryIcon };
