import WorkIcon from '@mui/icons-material/WorkOutlineOutlined';
import { lazy } from 'react';

/** Loaded when the screen is opened (the news pages do not pay for the administration screens). */
const JobList = lazy(() => import('./JobList').then((m) => ({ default: m.JobList })));

export default { list: JobList, icon: WorkIcon };
