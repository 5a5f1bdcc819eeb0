/** Public file of the products module: what other modules may import (the boundary lint rule allows nothing else). */
export { ProductsModule } from './products.module.js';
export { ProductsService } from './products.service.js';
export { ProductPolicy } from './product.policy.js';
/** Row shapes, for relations declared by entity name (type only: other modules cannot query the tables with them). */
export type { ProductColumn as ProductColumnRow, ProductSetting as ProductSettingRow } from './product.entity.js';
