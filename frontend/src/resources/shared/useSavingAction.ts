// The save of a dialog that calls `api.ts` itself: `saving` while the call runs, then the success
// notice and what follows (reload, close); a failure is shown (after the auth check) and the dialog
// stays as it was.
import { useState } from 'react';
import { useApiErrorHandler, useNotifyText } from './hooks';

export function useSavingAction() {
  const notify = useNotifyText();
  const onError = useApiErrorHandler();
  const [saving, setSaving] = useState(false);

  const run = async <R,>(action: () => Promise<R>, success: string | ((result: R) => string), after?: (result: R) => void) => {
    setSaving(true);
    try {
      const result = await action();
      notify(typeof success === 'function' ? success(result) : success);
      after?.(result);
    } catch (error) {
      onError(error);
    } finally {
      setSaving(false);
    }
  };

  return { saving, run };
}
