/** Public file of the classify module: what other modules may import (the boundary lint rule allows nothing else). */
export { ClassifyModule } from './classify.module.js';
export { ClassifyService } from './classify.service.js';
export { ClassifyFlatDto, ClassifyNodeDto } from './classify.dto.js';
export { CLASSIFY_ROOT_ID, NOISE_CODE } from './classify.entity.js';
