/** Public file of the roles module: what other modules may import (the boundary lint rule allows nothing else). */
export { RolesModule } from './roles.module.js';
export { RolesService } from './roles.service.js';
export { DATA_SCOPES, type DataScope } from './role.entity.js';
/** The row shape, for relations declared by entity name (type only: other modules cannot query the table with it). */
export type { Role as RoleRow } from './role.entity.js';
