import DictIcon from '@mui/icons-material/MenuBookOutlined';
import { DictList } from './DictList';

export default { list: DictList, icon: DictIcon };
