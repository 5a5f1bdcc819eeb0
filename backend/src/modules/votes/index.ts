/** Public file of the votes module: what other modules may import (the boundary lint rule allows nothing else). */
export { VotesModule } from './votes.module.js';
export { VotesService } from './votes.service.js';
export { votePolicy } from './vote.policy.js';
