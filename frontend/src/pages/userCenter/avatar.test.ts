import { AVATAR_MAX_BYTES, avatarProblem } from './avatar';

describe('avatarProblem', () => {
  it('accepts jpg, png and gif up to 5 MB', () => {
    expect(avatarProblem({ name: 'a.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarProblem({ name: 'a.jpg', type: 'image/jpeg', size: AVATAR_MAX_BYTES })).toBeNull();
    expect(avatarProblem({ name: 'a.gif', type: '', size: 10 })).toBeNull();
  });

  it('refuses other types and larger files', () => {
    expect(avatarProblem({ name: 'a.webp', type: 'image/webp', size: 10 })).toBe('app.center.avatar_types');
    expect(avatarProblem({ name: 'a.png', type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('app.center.avatar_size');
  });
});
