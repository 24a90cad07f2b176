/** A fixed auth state for component tests (the real provider needs a running API). */
import type { User } from "@supabase/auth-js";
import type { ReactNode } from "react";
import { AuthContextForTests, type AuthContextValue } from "@/app/auth-provider";

const ok = async () => ({ error: null });

export function fakeUser(overrides: Partial<User> = {}): User {
  return {
    id: "00000000-0000-0000-0000-000000000001",
    aud: "authenticated",
    app_metadata: {},
    user_metadata: {},
    email: "sam@example.com",
    created_at: new Date(Date.now() - 3_600_000).toISOString(),
    ...overrides,
  } as User;
}

export function authState(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    user: null, session: null, loading: false, role: null, roleLoading: false, isAdmin: false, isModerator: false,
    sessionEnded: false,
    signIn: ok, signUp: ok, signInWithGoogle: ok, resetPassword: ok, updatePassword: ok, signOut: ok, deleteAccount: ok,
    ...overrides,
  };
}

export function WithAuth({ value, children }: { value: AuthContextValue; children: ReactNode }) {
  return <AuthContextForTests.Provider value={value}>{children}</AuthContextForTests.Provider>;
}
