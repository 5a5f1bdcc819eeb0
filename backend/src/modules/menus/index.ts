/** Public file of the menus module: what other modules may import (the lint rule allows nothing else). */
export { MenusModule } from './menus.module.js';
export { MenusService } from './menus.service.js';
export { buildTree, type Tree } from './menus.tree.js';
export { SEED_MENUS, type SeedMenu } from './seed-menus.js';
