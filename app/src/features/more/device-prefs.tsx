/** Settings that belong to this device, not the account: privacy mode (balances hidden) and the biometric lock. */
import AsyncStorage from "@react-native-async-storage/async-storage";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";

export const DEVICE_PREFS_KEY = "firepath.device-prefs";

export interface DevicePrefs {
  privacy: boolean;
  biometricLock: boolean;
}

interface DevicePrefsState extends DevicePrefs {
  ready: boolean;
  update(change: Partial<DevicePrefs>): Promise<void>;
}

const DEFAULTS: DevicePrefs = { privacy: false, biometricLock: false };
const Context = createContext<DevicePrefsState | null>(null);

export function DevicePrefsProvider({ children }: { children: ReactNode }) {
  const [prefs, setPrefs] = useState<DevicePrefs>(DEFAULTS);
  const [ready, setReady] = useState(false);
  const current = useRef<DevicePrefs>(DEFAULTS);

  useEffect(() => {
    void AsyncStorage.getItem(DEVICE_PREFS_KEY).then((raw) => {
      if (raw) {
        try {
          current.current = { ...DEFAULTS, ...(JSON.parse(raw) as Partial<DevicePrefs>) };
          setPrefs(current.current);
        } catch {
          // unreadable prefs fall back to the defaults
        }
      }
      setReady(true);
    });
  }, []);

  const update = useCallback(async (change: Partial<DevicePrefs>) => {
    current.current = { ...current.current, ...change };
    setPrefs(current.current);
    await AsyncStorage.setItem(DEVICE_PREFS_KEY, JSON.stringify(current.current));
  }, []);

  const value = useMemo(() => ({ ...prefs, ready, update }), [prefs, ready, update]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useDevicePrefs(): DevicePrefsState {
  const value = useContext(Context);
  if (!value) throw new Error("useDevicePrefs outside DevicePrefsProvider");
  return value;
}
