import { useMemo, useState } from 'react';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import { Box, Button, Paper, Typography } from '@mui/material';
import { api } from '../api';
import { useCan } from '../shared/access';
import { CheckTree } from '../shared/CheckTree';
import { useApiMutation } from '../shared/hooks';
import { useMenuTree } from '../shared/queries';
import { toggleChecked, toViewItems } from '../shared/tree';
import type { Menu, Role } from '../types';

const menuLabel = (menu: Menu) => menu.label ?? menu.title;

/**
 * 菜单分配 for one role: the whole menu tree, pre-checked from `role.menus`; checking a node checks
 * its subtree (and its ancestors), saved with `PUT api/roles/menu {id, menus: [{id}]}`.
 */
export function RoleMenuPanel({ role }: { role: Role | null }) {
  return (
    <Paper variant="outlined" sx={{ width: { xs: 'auto', md: 260, xl: 320 }, flexShrink: 0, mx: { xs: 1, md: 0 }, mr: { md: 1 }, mb: 1, p: 1.5 }}>
      <Typography variant="subtitle2" gutterBottom>
        菜单分配{role ? `：${role.name}` : ''}
      </Typography>
      {role ? (
        <MenuChecks key={`${role.id}:${(role.menus ?? []).map((m) => m.id).join(',')}`} role={role} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          选择一个角色，为其分配菜单
        </Typography>
      )}
    </Paper>
  );
}

function MenuChecks({ role }: { role: Role }) {
  const canEdit = useCan('edit', 'system/role');
  const { data: tree = [], isPending } = useMenuTree();
  const items = useMemo(() => toViewItems(tree, menuLabel), [tree]);
  const [checked, setChecked] = useState<number[]>(() => (role.menus ?? []).map((m) => m.id));
  const save = useApiMutation(
    (menus: number[]) => api.put('api/roles/menu', { id: role.id, menus: menus.map((id) => ({ id })) }),
    { successMessage: '保存成功' },
  );

  return (
    <>
      <CheckTree
        items={items}
        loading={isPending}
        disabled={!canEdit}
        checked={checked.map(String)}
        maxHeight="60vh"
        onToggle={(id, isChecked) => setChecked(toggleChecked(tree, checked, Number(id), isChecked))}
      />
      {canEdit && (
        <Box sx={{ mt: 1, textAlign: 'right' }}>
          <Button
            size="small"
            variant="contained"
            startIcon={<SaveIcon />}
            disabled={save.isPending || isPending}
            onClick={() => save.mutate(checked)}
          >
            保存
          </Button>
        </Box>
      )}
    </>
  );
}
