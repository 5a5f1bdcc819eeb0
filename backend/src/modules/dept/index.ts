/** Public file of the dept module: what other modules may import (the boundary lint rule allows nothing else). */
export { DeptModule } from './dept.module.js';
export { DeptService } from './dept.service.js';
/** The row shape, for relations declared by entity name (type only: other modules cannot query the table with it). */
export type { Dept as DeptRow } from './dept.entity.js';
export { SCOPED_DEPT, deptPolicy } from './dept.policy.js';
