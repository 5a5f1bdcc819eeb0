/** Public file of the workbench module: what other modules may import (the boundary lint rule allows nothing else). */
export { WorkbenchModule } from './workbench.module.js';
export { WorkbenchService, type AddCopyVersionOptions, type AddedCopyVersion, type CopyVersionSource } from './workbench.service.js';
