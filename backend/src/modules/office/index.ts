/** Public file of the office module: what other modules may import (the boundary lint rule allows nothing else). Nothing imports it but the composition root. */
export { OfficeModule } from './office.module.js';
