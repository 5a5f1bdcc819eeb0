/** Public file of the workbench module: what other modules may import (the boundary lint rule allows nothing else). */
export { WorkbenchModule } from './workbench.module.js';
