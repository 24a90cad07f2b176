/** Browser storage that never throws (private mode, disabled storage, quota). */

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (key: string) => safe(() => window.localStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => window.localStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => window.localStorage.removeItem(key), undefined),
};

export const session = {
  get: (key: string) => safe(() => window.sessionStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => window.sessionStorage.setItem(key, value), undefined),
};

export function randomId(): string {
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
