import type { PolicyRules } from '../../common/access/ability.js';

/** CASL subject of a vote (`record(VOTE, { createById })`). */
export const VOTE = 'ManuscriptVote';

/**
 * Who may close or delete a vote (docs/votes.md): whoever opened it (this rule), an editor of its
 * product (the products module's rule, asked through ProductPolicy) or an administrator
 * (`manage all`). The permission codes `vote:edit` / `vote:del` say whether the action is offered at all.
 */
export const votePolicy: PolicyRules = ({ can }, user) => {
  can(['close', 'delete'], VOTE, { createById: user.userId });
};
