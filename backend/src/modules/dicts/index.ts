/** Public file of the dicts module: what other modules may import (the boundary lint rule allows nothing else). */
export { DictsModule } from './dicts.module.js';
export { DictDetailsService } from './dict-details.service.js';
export { SEED_DICTS } from './seed-dicts.js';
