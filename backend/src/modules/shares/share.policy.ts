import type { PolicyRules } from '../../common/access/ability.js';

/** CASL subject of a shared news item (`record(SHARE, { fromId, toId })`). */
export const SHARE = 'Share';

/**
 * Shares are private to their two ends, administrators included (`cannot` takes the rest back from
 * `manage all`): the sender and the recipient read one; only the sender changes it.
 */
export const sharePolicy: PolicyRules = ({ can, cannot }, user) => {
  can('read', SHARE, { fromId: user.userId });
  can('read', SHARE, { toId: user.userId });
  can('update', SHARE, { fromId: user.userId });
  cannot('read', SHARE, { fromId: { $ne: user.userId }, toId: { $ne: user.userId } });
  cannot('update', SHARE, { fromId: { $ne: user.userId } });
};
