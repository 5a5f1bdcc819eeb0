/** Public file of the collect module: what other modules may import (the boundary lint rule allows nothing else). */
export { CollectModule } from './collect.module.js';
export { SourcesService } from './sources.service.js';
