// Wire records of 动态投票, as aliases of the generated types (backend/openapi.json).
import type { Page, Schema } from '../../../api';

export type VoteSummary = Schema<'VoteSummaryDto'>;
export type VoteDetail = Schema<'VoteDetailDto'>;
export type VoteCandidate = Schema<'VoteCandidateDto'>;
export type CandidatePreview = Schema<'CandidatePreviewDto'>;
export type ProductOption = Schema<'ProductOptionDto'>;
export type VotePage = Page<VoteSummary>;
export type VoteState = VoteSummary['state'];

/** The body of `POST api/manuscriptVote`. */
export interface VoteCreateInput {
  productId: number;
  title: string;
  startDate: string;
  endDate: string;
  votesPerPerson: number;
}
