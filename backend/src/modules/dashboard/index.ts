/** Public file of the dashboard module: what other modules may import (the boundary lint rule allows nothing else). */
export { DashboardModule } from './dashboard.module.js';
