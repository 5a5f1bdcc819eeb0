import { createContext, type ReactNode, useCallback, useMemo, useState } from 'react';
import { DEFAULT_SETTINGS, type LayoutSettings, loadSettings, saveSettings } from './settings';

export interface SettingsContextValue {
  settings: LayoutSettings;
  update: (change: Partial<LayoutSettings>) => void;
}

export const SettingsContext = createContext<SettingsContextValue>({
  settings: DEFAULT_SETTINGS,
  update: () => undefined,
});

/** Holds the layout settings above <Admin> (the theme colour feeds the MUI theme). */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<LayoutSettings>(loadSettings);
  const update = useCallback((change: Partial<LayoutSettings>) => {
    setSettings((previous) => {
      const next = { ...previous, ...change };
      saveSettings(next);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ settings, update }), [settings, update]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}
