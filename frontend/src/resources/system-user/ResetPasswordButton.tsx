import { useState } from 'react';
import LockResetIcon from '@mui/icons-material/LockReset';
import { api } from '../api';
import { useCan } from '../shared/access';
import { ConfirmButton } from '../shared/ConfirmButton';
import { useApiMutation } from '../shared/hooks';
import type { User } from '../types';
import { type InitialPassword, InitialPasswordDialog } from './InitialPasswordDialog';

/**
 * `PUT api/users/resetPwd [id]`: a new initial password (random, or the operator's default), the
 * user's sessions revoked and a password change required at the next login. The answer's password
 * is shown once.
 */
export function ResetPasswordButton({ user }: { user: User }) {
  const allowed = useCan('edit', 'system/user');
  const [shown, setShown] = useState<InitialPassword[] | null>(null);
  const reset = useApiMutation((ids: number[]) => api.put<InitialPassword[] | null>('api/users/resetPwd', ids), {
    successMessage: '密码重置成功',
    onSuccess: (answer) => setShown(Array.isArray(answer) ? answer.filter((a) => typeof a?.initialPassword === 'string') : null),
  });
  if (!allowed) return null;
  return (
    <>
      <ConfirmButton
        label="重置密码"
        color="warning"
        icon={<LockResetIcon fontSize="small" />}
        content={`确定重置 ${user.username} 的密码吗？将生成新的初始密码（只显示一次），该用户的登录会话将失效，下次登录须先修改密码。`}
        loading={reset.isPending}
        onConfirm={() => reset.mutate([user.id])}
      />
      <InitialPasswordDialog entries={shown} onClose={() => setShown(null)} />
    </>
  );
}
