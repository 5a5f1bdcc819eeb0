import type { PolicyRules } from '../../common/access/ability.js';

/** CASL subject of a manuscript record (`record(MANUSCRIPT, { createById, deptId })`). */
export const MANUSCRIPT = 'Manuscript';

/**
 * Record rules of manuscripts (docs/production-api.md):
 * - read: `manuscript:admin` / `manuscript:edit` read every one; the submitter and the submitting
 *   (work) department read theirs;
 * - update (abstracts, a new version): `manuscript:edit`, or the submitter;
 * - delete: `manuscript:del`, or the submitter.
 */
export const manuscriptPolicy: PolicyRules = ({ can }, user) => {
  const held = (code: string) => user.permissions.includes(code);
  if (held('manuscript:admin') || held('manuscript:edit')) can('read', MANUSCRIPT);
  can('read', MANUSCRIPT, { createById: user.userId });
  if (user.workDeptId != null) can('read', MANUSCRIPT, { deptId: user.workDeptId });
  if (held('manuscript:edit')) can('update', MANUSCRIPT);
  can('update', MANUSCRIPT, { createById: user.userId });
  if (held('manuscript:del')) can('delete', MANUSCRIPT);
  can('delete', MANUSCRIPT, { createById: user.userId });
};
