// Units (departments) of the manuscript screens: the shared lazy unit tree and picker
// (shared/production/UnitTree) with the manuscript screens' texts. Used by the 全部 tab's unit
// filter and the upload form's 单位.
import {
  DeptPicker as SharedDeptPicker,
  type DeptPickerProps as SharedDeptPickerProps,
  hasChildren,
  LazyDeptTree as SharedLazyDeptTree,
  type LazyDeptTreeProps as SharedLazyDeptTreeProps,
  type UnitTreeTexts,
} from '../shared/production/UnitTree';
import { useManuscriptText } from './useManuscriptText';

export { hasChildren };

function useUnitTexts(): UnitTreeTexts {
  const t = useManuscriptText();
  return {
    loading: t('dept_tree.loading'),
    empty: t('dept_tree.empty'),
    failed: (message) => t('dept_tree.failed', { message }),
    retry: t('dept_tree.retry'),
    loadFailed: t('common.load_failed'),
  };
}

export type LazyDeptTreeProps = Omit<SharedLazyDeptTreeProps, 'texts'>;

export function LazyDeptTree(props: LazyDeptTreeProps) {
  return <SharedLazyDeptTree {...props} texts={useUnitTexts()} />;
}

export type DeptPickerProps = Omit<SharedDeptPickerProps, 'texts'>;

/** A read-only field opening the unit tree in a popover (the upload form's 单位). */
export function DeptPicker(props: DeptPickerProps) {
  return <SharedDeptPicker {...props} texts={useUnitTexts()} />;
}
