/** Public file of the screen module: what other modules may import (the boundary lint rule allows nothing else). */
export { ScreenModule } from './screen.module.js';
