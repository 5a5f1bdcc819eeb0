/** Public file of the menus module: what other modules may import (the boundary lint rule allows nothing else). */
export { MenusModule } from './menus.module.js';
export { MenusService } from './menus.service.js';
export { buildTree, type Tree } from './menus.tree.js';
export { SEED_MENUS, type SeedMenu } from './seed-menus.js';
export { MENU_MODULES, type MenuModule } from './menu.entity.js';
/** The row shape, for relations declared by entity name (type only: other modules cannot query the table with it). */
export type { Menu as MenuRow } from './menu.entity.js';
