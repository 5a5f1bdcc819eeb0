/** Public file of the platform module: what other modules may import (the boundary lint rule allows nothing else). */
export { PlatformModule } from './platform.module.js';
export { PlatformService } from './platform.service.js';
export { ExternalUrlDto } from './platform.dto.js';
