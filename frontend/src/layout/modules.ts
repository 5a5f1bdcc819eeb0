// The launch page's modules. The chosen one filters the sidebar menu (`meta.module` of
// `api/menus/build`) and names the footer.

export type ModuleKey = 'collect' | 'process' | 'system' | 'storage';

export const MODULES: ModuleKey[] = ['collect', 'process', 'system', 'storage'];
const MODULE_STORAGE_KEY = 'horizon-module';
/** The shell built so far is the system-management one; it is the module until one is chosen. */
export const DEFAULT_MODULE: ModuleKey = 'system';

export function isModuleKey(value: unknown): value is ModuleKey {
  return typeof value === 'string' && (MODULES as string[]).includes(value);
}

export function getCurrentModule(): ModuleKey {
  const stored = localStorage.getItem(MODULE_STORAGE_KEY);
  return isModuleKey(stored) ? stored : DEFAULT_MODULE;
}

export function setCurrentModule(module: ModuleKey): void {
  localStorage.setItem(MODULE_STORAGE_KEY, module);
}
