/** Public file of the jobs module: what other modules may import (the boundary lint rule allows nothing else). */
export { JobsModule } from './jobs.module.js';
export { JobsService } from './jobs.service.js';
/** The row shape, for relations declared by entity name (type only: other modules cannot query the table with it). */
export type { Job as JobRow } from './job.entity.js';
