import { record } from '../../common/access/ability';
import { testPrincipal } from '../../common/auth/principal.testing';
import { VOTE, votePolicy } from './vote.policy';

const user = (userId: number, isAdmin = false) =>
  testPrincipal(
    { userId, username: `u${userId}`, sessionId: 's', isAdmin, permissions: isAdmin ? ['admin'] : ['vote:edit', 'vote:del'], deptId: null, workDeptId: null, dataScope: null, level: 3, passwordChangeRequired: false },
    [votePolicy],
  );

describe('votePolicy', () => {
  const vote = record(VOTE, { createById: 7 });

  it('lets the opener close and delete their vote', () => {
    expect(user(7).ability.can('close', vote)).toBe(true);
    expect(user(7).ability.can('delete', vote)).toBe(true);
  });

  it('gives nobody else the vote by the codes alone (product editors are asked through ProductPolicy)', () => {
    expect(user(8).ability.can('close', vote)).toBe(false);
    expect(user(8).ability.can('delete', vote)).toBe(false);
    expect(user(8).ability.can('close', record(VOTE, { createById: null }))).toBe(false);
  });

  it('lets an administrator manage every vote', () => {
    expect(user(1, true).ability.can('close', vote)).toBe(true);
  });
});
