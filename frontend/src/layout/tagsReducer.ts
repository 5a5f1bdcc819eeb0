// Visited views of the tag bar: a pure reducer, persisted per browser tab (sessionStorage).

export interface TagView {
  path: string;
  title: string;
  /** Pinned tags cannot be closed. */
  affix?: boolean;
}

export type TagsAction =
  | { type: 'add'; view: TagView }
  | { type: 'close'; path: string }
  | { type: 'closeOthers'; path: string }
  | { type: 'closeAll' }
  /** New titles by path (e.g. once the menu tree has loaded, for tags restored from the session). */
  | { type: 'retitle'; titles: Record<string, string> };

export function tagsReducer(state: TagView[], action: TagsAction): TagView[] {
  switch (action.type) {
    case 'add': {
      const index = state.findIndex((view) => view.path === action.view.path);
      if (index === -1) return [...state, action.view];
      if (state[index].title === action.view.title) return state;
      return state.map((view, i) => (i === index ? { ...view, title: action.view.title } : view));
    }
    case 'close':
      return state.filter((view) => view.affix || view.path !== action.path);
    case 'closeOthers':
      return state.filter((view) => view.affix || view.path === action.path);
    case 'closeAll':
      return state.filter((view) => view.affix);
    case 'retitle': {
      const changed = state.some((view) => action.titles[view.path] && action.titles[view.path] !== view.title);
      return changed ? state.map((view) => ({ ...view, title: action.titles[view.path] || view.title })) : state;
    }
  }
}

/**
 * Where to go after closing tags: nowhere while the current view is still open, otherwise the last
 * remaining view, otherwise `fallback`.
 */
export function pathAfterClose(remaining: TagView[], currentPath: string, fallback: string): string | null {
  if (remaining.some((view) => view.path === currentPath)) return null;
  return remaining.length > 0 ? remaining[remaining.length - 1].path : fallback;
}

/** The pinned first tag (production-admin §2): 首页 /home/dashboard, always open. */
export const PINNED_PATH = '/home/dashboard';

/** The views with `pinned` first and affixed (moved there when already open, added otherwise). */
export function withPinned(views: TagView[], pinned: TagView): TagView[] {
  const existing = views.find((view) => view.path === pinned.path);
  return [{ ...pinned, title: existing?.title || pinned.title, affix: true }, ...views.filter((view) => view.path !== pinned.path)];
}

const STORAGE_KEY = 'horizon-visited-views';

export function loadTags(): TagView[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((view): view is TagView => typeof view?.path === 'string' && typeof view?.title === 'string')
      : [];
  } catch {
    return [];
  }
}

export function saveTags(views: TagView[]): void {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(views));
}
