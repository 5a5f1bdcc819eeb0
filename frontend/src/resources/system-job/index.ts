import WorkIcon from '@mui/icons-material/WorkOutlineOutlined';
import { JobList } from './JobList';

export default { list: JobList, icon: WorkIcon };
