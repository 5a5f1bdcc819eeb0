import type { PolicyRules } from '../../common/access/ability.js';

/** CASL subject of a user's subscription settings (`record(INTEREST, { userId })`). */
export const INTEREST = 'Interest';

/** Everyone keeps their own subscriptions; administrators (`manage all`) anyone's. */
export const interestPolicy: PolicyRules = ({ can }, user) => {
  can('manage', INTEREST, { userId: user.userId });
};
