// Keyboard save and the unsaved-changes guard of the workbench.
import { useEffect, useRef } from 'react';
import { isSaveShortcut } from '../workflow';

/** Ctrl+S / ⌘S calls `save` while `enabled` (and never opens the browser's "save page"). */
export function useSaveShortcut(enabled: boolean, save: () => void) {
  const saveRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isSaveShortcut(e)) return;
      e.preventDefault();
      saveRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

/** Unsaved changes: the browser asks before the window is closed or reloaded. */
export function useLeaveGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
