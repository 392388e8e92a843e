import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { type Settings, type Size, loadSettings, loadSize, saveSettings, saveSize } from './settings';

interface SettingsState {
  settings: Settings;
  setSetting: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
  size: Size;
  setSize: (size: Size) => void;
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
}

const SettingsContext = createContext<SettingsState | undefined>(undefined);

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState(loadSettings);
  const [size, setSizeState] = useState(loadSize);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const setSetting = useCallback(<K extends keyof Settings>(key: K, value: Settings[K]) => {
    setSettings((current) => {
      const next = { ...current, [key]: value };
      saveSettings(next);
      return next;
    });
  }, []);
  const setSize = useCallback((next: Size) => {
    saveSize(next);
    setSizeState(next);
  }, []);

  const value = useMemo(
    () => ({ settings, setSetting, size, setSize, drawerOpen, setDrawerOpen }),
    [settings, setSetting, size, setSize, drawerOpen],
  );
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings(): SettingsState {
  const state = useContext(SettingsContext);
  if (!state) throw new Error('useSettings outside SettingsProvider');
  return state;
}
