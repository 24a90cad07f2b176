/** Where the session lives: the device's keychain/keystore through expo-secure-store (localStorage in the web
 * export). SecureStore values are kept under 2 KB, so longer values are split into numbered chunks. */
import * as SecureStore from "expo-secure-store";
import { Platform } from "react-native";

const CHUNK = 1800;
/** Read once at load: a session read still running when a test ends must not make React Native load a module after
 * the test environment is gone ("import after the Jest environment was torn down"). */
const WEB = Platform.OS === "web";

function safeKey(key: string): string {
  return key.replace(/[^A-Za-z0-9._-]/g, "_");
}

export const secureStorage = {
  async getItem(key: string): Promise<string | null> {
    if (WEB) return globalThis.localStorage?.getItem(key) ?? null;
    const k = safeKey(key);
    const count = await SecureStore.getItemAsync(`${k}.n`);
    if (count === null) return null;
    const parts: string[] = [];
    for (let i = 0; i < Number(count); i++) {
      const part = await SecureStore.getItemAsync(`${k}.${i}`);
      if (part === null) return null;
      parts.push(part);
    }
    return parts.join("");
  },
  async setItem(key: string, value: string): Promise<void> {
    if (WEB) {
      globalThis.localStorage?.setItem(key, value);
      return;
    }
    const k = safeKey(key);
    await secureStorage.removeItem(key);
    const parts = value.match(new RegExp(`[\\s\\S]{1,${CHUNK}}`, "g")) ?? [""];
    for (const [i, part] of parts.entries()) await SecureStore.setItemAsync(`${k}.${i}`, part);
    await SecureStore.setItemAsync(`${k}.n`, String(parts.length));
  },
  async removeItem(key: string): Promise<void> {
    if (WEB) {
      globalThis.localStorage?.removeItem(key);
      return;
    }
    const k = safeKey(key);
    const count = await SecureStore.getItemAsync(`${k}.n`);
    await SecureStore.deleteItemAsync(`${k}.n`);
    for (let i = 0; i < Number(count ?? 0); i++) await SecureStore.deleteItemAsync(`${k}.${i}`);
  },
};
