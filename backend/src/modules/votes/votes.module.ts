import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JournalsModule } from '../journals/index.js';
import { ManuscriptsModule } from '../manuscripts/index.js';
import { ProductsModule } from '../products/index.js';
import { ManuscriptVote, ManuscriptVoteBallot, ManuscriptVoteCandidate } from './vote.entity.js';
import { ManuscriptVoteController, VoteListController } from './votes.controller.js';
import { VotesRepository } from './votes.repository.js';
import { VotesService } from './votes.service.js';

/**
 * 动态投票 (docs/votes.md): `api/productManuscript/voteList` and `api/manuscriptVote`. Owns the vote,
 * candidate and ballot tables; reads products, journals and journal copies through their modules.
 * The page polls the vote for its live tally (no live-channel room per vote).
 */
@Module({
  imports: [TypeOrmModule.forFeature([ManuscriptVote, ManuscriptVoteCandidate, ManuscriptVoteBallot]), ProductsModule, JournalsModule, ManuscriptsModule],
  controllers: [VoteListController, ManuscriptVoteController],
  providers: [VotesRepository, VotesService],
  exports: [VotesService],
})
export class VotesModule {}
