/** Public file of the exchange module: what other modules may import (the boundary lint rule allows nothing else). */
export { ExchangeModule } from './exchange.module.js';
export { ExchangeRunner } from './exchange-runner.js';
