/** Spec/eladmin: jpg, png or gif, at most 5 MB (checked before upload; the server checks again). */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** The message key of what is wrong with the chosen file, or null when it may be uploaded. */
export function avatarProblem(file: Pick<File, 'type' | 'size' | 'name'>): string | null {
  const byName = /\.(jpe?g|png|gif)$/i.test(file.name);
  if (!AVATAR_TYPES.includes(file.type) && !(file.type === '' && byName)) return 'app.center.avatar_types';
  if (file.size > AVATAR_MAX_BYTES) return 'app.center.avatar_size';
  return null;
}
