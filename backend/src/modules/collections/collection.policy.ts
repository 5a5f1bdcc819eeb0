import type { PolicyRules } from '../../common/access/ability.js';

/** CASL subject of a user's collected news item (`record(COLLECTION, { userId })`). */
export const COLLECTION = 'Collection';

/** Everyone manages only their own collection, administrators included (`cannot` takes others' back from `manage all`). */
export const collectionPolicy: PolicyRules = ({ can, cannot }, user) => {
  can('manage', COLLECTION, { userId: user.userId });
  cannot('manage', COLLECTION, { userId: { $ne: user.userId } });
};
