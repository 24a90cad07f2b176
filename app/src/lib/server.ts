/** The FIRE Path server this app talks to. People run their own, so the address is a setting: the one saved on
 * the device, else EXPO_PUBLIC_API_URL from the build, else (in the web export) the page's own origin. */
import AsyncStorage from "@react-native-async-storage/async-storage";
import { Platform } from "react-native";
import { currentI18n } from "./i18n";

export const SERVER_KEY = "firepath.server-url";

let current: string | null = null;
const listeners = new Set<(url: string) => void>();

/** Where the build points when nothing is saved. */
export function defaultServerUrl(): string {
  const fromBuild = process.env.EXPO_PUBLIC_API_URL;
  if (fromBuild) return normaliseServerUrl(fromBuild) ?? fromBuild;
  if (Platform.OS === "web" && typeof window !== "undefined") return window.location.origin;
  return "http://localhost:8000";
}

/** "https://fire.example.ca/" → "https://fire.example.ca"; null when it is not an http(s) address. */
export function normaliseServerUrl(input: string): string | null {
  const trimmed = input.trim();
  if (!/^https?:\/\/[^\s/]+/i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    return null;
  }
}

export function serverUrl(): string {
  return current ?? defaultServerUrl();
}

/** Reads the saved address once at start. */
export async function loadServerUrl(): Promise<string> {
  const saved = await AsyncStorage.getItem(SERVER_KEY);
  current = (saved && normaliseServerUrl(saved)) || defaultServerUrl();
  return current;
}

/** Saves a new address (or clears it with null, back to the build's default). */
export async function saveServerUrl(input: string | null): Promise<string> {
  if (input === null) {
    await AsyncStorage.removeItem(SERVER_KEY);
    current = defaultServerUrl();
  } else {
    const url = normaliseServerUrl(input);
    if (!url) throw new Error(currentI18n().t("app.server.invalid"));
    await AsyncStorage.setItem(SERVER_KEY, url);
    current = url;
  }
  for (const listener of listeners) listener(current);
  return current;
}

export function onServerUrlChange(listener: (url: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
