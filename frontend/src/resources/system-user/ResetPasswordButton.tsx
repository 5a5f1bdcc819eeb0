import LockResetIcon from '@mui/icons-material/LockReset';
import { api } from '../api';
import { useCan } from '../shared/access';
import { ConfirmButton } from '../shared/ConfirmButton';
import { useApiMutation } from '../shared/hooks';
import type { User } from '../types';

/** `PUT api/users/resetPwd [id]`: back to the configured default password, sessions revoked. */
export function ResetPasswordButton({ user }: { user: User }) {
  const allowed = useCan('edit', 'system/user');
  const reset = useApiMutation((ids: number[]) => api.put('api/users/resetPwd', ids), { successMessage: '密码重置成功' });
  if (!allowed) return null;
  return (
    <ConfirmButton
      label="重置密码"
      color="warning"
      icon={<LockResetIcon fontSize="small" />}
      content={`确定将 ${user.username} 的密码重置为系统默认密码吗？该用户的登录会话将失效。`}
      loading={reset.isPending}
      onConfirm={() => reset.mutate([user.id])}
    />
  );
}
