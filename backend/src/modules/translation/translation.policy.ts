import type { PolicyRules } from '../../common/access/ability.js';

/** CASL subject of a department's translation of an item (`record(TRANSLATION, { editorId })`). */
export const TRANSLATION = 'Translation';

/**
 * Who reviews (审核) a submitted translation: holders of `news:judge` (administrators: `manage all`),
 * but not the translator of that text — unless `REVIEW_ALLOW_SELF` is on (`cannot` takes it back
 * from administrators too). The review itself is one conditional statement; this rule is what the
 * service asks to explain a refusal.
 */
export const translationPolicy =
  (allowSelfReview: boolean): PolicyRules =>
  ({ can, cannot }, user) => {
    if (user.permissions.includes('news:judge')) can('review', TRANSLATION);
    if (!allowSelfReview) cannot('review', TRANSLATION, { editorId: user.userId });
  };
