import { useMemo } from 'react';
import { Box, Stack } from '@mui/material';
import { FormDataConsumer, NumberInput, RadioButtonGroupInput, SelectInput, TextInput } from 'react-admin';
import { FormDialog } from '../shared/FormDialog';
import { useSaveRecord } from '../shared/hooks';
import { useMenuTree } from '../shared/queries';
import { pruneTree, toViewItems } from '../shared/tree';
import { TreeSelectInput } from '../shared/TreeSelectInput';
import type { Menu } from '../types';
import { MenuIcon } from './MenuIcon';
import {
  emptyMenuForm,
  formValuesToMenu,
  MENU_MODULES,
  MENU_TYPES,
  type MenuFormValues,
  menuToFormValues,
  validateMenuForm,
  visibleMenuFields,
} from './menuForm';

const yesNo = [
  { id: 'true', name: '是' },
  { id: 'false', name: '否' },
];

/** Possible parents: the menu tree without buttons and without the edited menu's own subtree. */
function useParentItems(exclude: number | null | undefined, enabled: boolean) {
  const { data, isPending } = useMenuTree(enabled);
  const items = useMemo(
    () => toViewItems(pruneTree(data ?? [], exclude, (m) => m.type === 2), (m: Menu) => m.label ?? m.title),
    [data, exclude],
  );
  return { items, loading: isPending };
}

export function MenuFormDialog({ menu, open, onClose }: { menu: Menu | null; open: boolean; onClose: () => void }) {
  const { save, isPending } = useSaveRecord('system/menu', { onSaved: onClose });
  const parents = useParentItems(menu?.id, open);
  return (
    <FormDialog<MenuFormValues>
      open={open}
      title={menu ? '编辑菜单' : '新增菜单'}
      values={menu ? menuToFormValues(menu) : emptyMenuForm}
      validate={(v) => validateMenuForm(v as MenuFormValues)}
      onSubmit={(v) => save(formValuesToMenu(v), menu ?? undefined)}
      onClose={onClose}
      saving={isPending}
      maxWidth="md"
    >
      <RadioButtonGroupInput source="type" label="菜单类型" choices={MENU_TYPES} />
      <FormDataConsumer<MenuFormValues>>
        {({ formData }) => {
          const shown = visibleMenuFields(formData.type, formData.iFrame);
          const isButton = formData.type === '2';
          return (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
              <TextInput source="title" label={isButton ? '按钮名称' : '菜单标题'} isRequired />
              {shown.has('icon') && (
                <Stack direction="row" spacing={1} alignItems="center">
                  <TextInput source="icon" label="菜单图标" helperText="图标名称，如 system、peoples" />
                  <Box sx={{ minWidth: 24, pb: 2.5 }}>
                    <MenuIcon name={formData.icon} />
                  </Box>
                </Stack>
              )}
              {shown.has('permission') && <TextInput source="permission" label="权限标识" placeholder="如 user:list" />}
              {shown.has('path') && (
                <TextInput source="path" label={formData.iFrame === 'true' ? '外链地址' : '路由地址'} isRequired />
              )}
              {shown.has('componentName') && <TextInput source="componentName" label="组件名称" />}
              {shown.has('component') && <TextInput source="component" label="组件路径" placeholder="如 system/user/index" />}
              <NumberInput source="menuSort" label="菜单排序" min={0} step={1} isRequired />
              {shown.has('module') && <SelectInput source="module" label="所属模块" choices={MENU_MODULES} emptyText="无" />}
              {shown.has('iFrame') && <RadioButtonGroupInput source="iFrame" label="外链菜单" choices={yesNo} />}
              {shown.has('cache') && <RadioButtonGroupInput source="cache" label="菜单缓存" choices={yesNo} />}
              {shown.has('hidden') && <RadioButtonGroupInput source="hidden" label="菜单隐藏" choices={yesNo} />}
              <Box sx={{ gridColumn: '1 / -1' }}>
                <TreeSelectInput source="pid" label="上级类目" topLabel="顶级类目" items={parents.items} loading={parents.loading} />
              </Box>
            </Box>
          );
        }}
      </FormDataConsumer>
    </FormDialog>
  );
}
