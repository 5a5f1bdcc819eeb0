/** Public file of the statistics module: what other modules may import (the boundary lint rule allows nothing else). */
export { StatisticsModule } from './statistics.module.js';
