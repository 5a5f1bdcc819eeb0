/** Public file of the backup module: what other modules may import (the boundary lint rule allows nothing else). */
export { BackupModule } from './backup.module.js';
export { BackupService } from './backup.service.js';
