// The launch page's modules. The chosen one filters the sidebar menu (`meta.module` of
// `api/menus/build`) and names the footer; a page that belongs to a module names that one
// (`moduleOfPath`), whatever was chosen last.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

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

/** First path segments of each module's pages (the seeded menus' paths and the spec's routes). */
const MODULE_ROOTS: Record<ModuleKey, readonly string[]> = {
  // 动态跟踪 / 产品加工: the news pages, the process shell's pages, product and journal management
  process: ['pro', 'product', 'yjList'],
  system: ['system', 'monitor'],
  collect: ['website-statistic', 'collect-config'],
  storage: ['dataExchange', 'dataSave', 'website', 'localStorage'],
};

/**
 * The module a page belongs to, from its path (`/product/productSetting` → process); null for pages
 * of no module (personal centre, launch page, errors), which keep the module chosen last.
 */
export function moduleOfPath(pathname: string): ModuleKey | null {
  const first = pathname.split(/[?#]/)[0].split('/').find(Boolean) ?? '';
  if (first.startsWith('productProcess-')) return 'process';
  return MODULES.find((module) => MODULE_ROOTS[module].includes(first)) ?? null;
}

/**
 * The module of the current page (else the one chosen last). A page of a module also makes it the
 * current one, so the pages after it (the personal centre) keep its name.
 */
export function useCurrentModule(): ModuleKey {
  const { pathname } = useLocation();
  const own = moduleOfPath(pathname);
  useEffect(() => {
    if (own && own !== getCurrentModule()) setCurrentModule(own);
  }, [own]);
  return own ?? getCurrentModule();
}
