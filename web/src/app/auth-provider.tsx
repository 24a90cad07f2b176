/** Session state from @supabase/auth-js, the SIGNED_IN / SIGNED_OUT navigation rules of spec section 4, the
 * user's role, and the auth actions with the messages of spec section 8 word for word.
 *
 * A session that ends without the person signing out (revoked elsewhere, or its renewal refused) sets
 * `sessionEnded`: the route guards then send them to /login?next=<the page> with "Your session ended", and
 * signing in from there returns to that page. */
import type { Session, User } from "@supabase/auth-js";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { api } from "@/lib/api";
import { setAnalyticsSuppressed, trackLogin } from "@/lib/analytics";
import { AUTH_STORAGE_KEY, authClient, fetchAuthSettings, takeStoredSessionAtLoad } from "@/lib/auth-client";
import { signedInTarget, signedOutTarget } from "@/lib/new-user";
import { nextFromSearch } from "@/lib/safe-next";
import { local } from "@/lib/storage";

import { msg } from "@firepath/shared/i18n/messages";
import { useT } from "@/lib/i18n";

export type Role = "user" | "moderator" | "admin";
/** The messages of failed auth actions (the server's own message is shown when it gives one). */
export const AUTH_MESSAGES = {
  invalidCredentials: msg("auth.error.invalidCredentials"),
  signInFailed: msg("auth.error.signInFailed"),
  registrationFailed: msg("auth.error.registrationFailed"),
  unexpected: msg("auth.error.unexpected"),
  googleFailed: msg("auth.error.googleFailed"),
  deletionFailed: msg("auth.error.deletionFailed"),
  deletionUnexpected: msg("auth.error.deletionUnexpected"),
} as const;

export interface ActionResult {
  error: string | null;
}

export interface AuthContextValue {
  user: User | null;
  session: Session | null;
  loading: boolean;
  role: Role | null;
  roleLoading: boolean;
  isAdmin: boolean;
  isModerator: boolean;
  /** The session ended without the person signing out (guards send them to sign-in and back). */
  sessionEnded: boolean;
  signIn: (email: string, password: string) => Promise<ActionResult>;
  signUp: (email: string, password: string) => Promise<ActionResult & { needsConfirmation?: boolean }>;
  signInWithGoogle: () => Promise<ActionResult>;
  resetPassword: (email: string) => Promise<ActionResult>;
  /** A new password; with the current one when the server asks for reauthentication (`reauthenticate`: the session
   * signed in too long ago, or the current password given was wrong). */
  updatePassword: (password: string, currentPassword?: string) => Promise<ActionResult & { reauthenticate?: boolean }>;
  signOut: () => Promise<ActionResult>;
  deleteAccount: (reason?: string) => Promise<ActionResult>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);
  const [sessionEnded, setSessionEnded] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const pathRef = useRef(location.pathname);
  pathRef.current = location.pathname;
  const searchRef = useRef(location.search);
  searchRef.current = location.search;
  // True while our own signOut runs: its SIGNED_OUT is a sign-out, any other is a session that ended.
  const signingOutRef = useRef(false);
  // The messages of the actions below in the current language, without making the actions change with it.
  const t = useT();
  const say = useRef(t);
  say.current = t;

  useEffect(() => {
    let active = true;
    const { data } = authClient.onAuthStateChange((event, next) => {
      if (!active) return;
      // Set together with the user (one render), so the guards never see the user gone without the reason.
      // INITIAL_SESSION without one while a session was stored at load: auth-js could not renew it on start.
      const storedAtLoad = event === "INITIAL_SESSION" && takeStoredSessionAtLoad();
      const ended = (event === "SIGNED_OUT" && !signingOutRef.current) || (storedAtLoad && !next);
      if (ended) setSessionEnded(true);
      setSession(next);
      setUser(next?.user ?? null);
      if (event === "INITIAL_SESSION") setLoading(false);
      // Navigation runs outside the auth callback: auth-js holds a lock while it calls listeners.
      if (event === "SIGNED_IN" && next) {
        setSessionEnded(false);
        const back = pathRef.current === "/login" ? nextFromSearch(searchRef.current) : null;
        const to = back ?? signedInTarget(pathRef.current, next.user.created_at);
        if (to) setTimeout(() => navigate(to, { replace: true }), 0);
      }
      if (event === "SIGNED_OUT") {
        queryClient.clear();
        // A session that ended: the guards take the person to sign-in and back (public pages stay as they are).
        if (ended) return;
        const to = signedOutTarget(pathRef.current);
        if (to) setTimeout(() => navigate(to, { replace: true }), 0);
      }
    });
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, [navigate, queryClient]);

  const roleQuery = useQuery({
    queryKey: ["me", "role", user?.id],
    enabled: Boolean(user),
    retry: 1,
    queryFn: async () => {
      const { data, error } = await api.GET("/api/v1/me/role");
      if (error) throw new Error("role lookup failed");
      return data;
    },
  });
  // The role defaults to 'user' when the lookup returns nothing and is none (null) on error.
  const role: Role | null = !user
    ? null
    : roleQuery.isError
      ? null
      : ((roleQuery.data?.role as Role | undefined) ?? "user");
  const isAdmin = role === "admin";
  const isModerator = role === "moderator" || role === "admin";

  useEffect(() => setAnalyticsSuppressed(isAdmin), [isAdmin]);

  const signIn = useCallback(async (email: string, password: string): Promise<ActionResult> => {
    try {
      const { data, error } = await authClient.signInWithPassword({ email, password });
      if (error) {
        return {
          error: error.message.includes("Invalid login credentials")
            ? say.current(AUTH_MESSAGES.invalidCredentials)
            : say.current(AUTH_MESSAGES.signInFailed),
        };
      }
      void trackLogin(data.user.id, data.user.email);
      return { error: null };
    } catch {
      return { error: say.current(AUTH_MESSAGES.unexpected) };
    }
  }, []);

  const signUp = useCallback(async (email: string, password: string) => {
    try {
      const { data, error } = await authClient.signUp({
        email,
        password,
        options: { emailRedirectTo: `${window.location.origin}/onboarding/wizard` },
      });
      if (error) return { error: error.message || say.current(AUTH_MESSAGES.registrationFailed) };
      return { error: null, needsConfirmation: !data.session };
    } catch {
      return { error: say.current(AUTH_MESSAGES.unexpected) };
    }
  }, []);

  const signInWithGoogle = useCallback(async (): Promise<ActionResult> => {
    try {
      // /authorize answers a disabled provider with a JSON error page: ask first, and stay on this page.
      if (!(await fetchAuthSettings()).external.google) return { error: say.current(AUTH_MESSAGES.googleFailed) };
      const { error } = await authClient.signInWithOAuth({
        provider: "google",
        options: { redirectTo: `${window.location.origin}/auth-callback` },
      });
      return { error: error ? say.current(AUTH_MESSAGES.googleFailed) : null };
    } catch {
      return { error: say.current(AUTH_MESSAGES.googleFailed) };
    }
  }, []);

  const resetPassword = useCallback(async (email: string): Promise<ActionResult> => {
    try {
      const { error } = await authClient.resetPasswordForEmail(email, {
        redirectTo: `${window.location.origin}/reset-password`,
      });
      return { error: error ? error.message : null };
    } catch {
      return { error: say.current(AUTH_MESSAGES.unexpected) };
    }
  }, []);

  const updatePassword = useCallback(async (password: string, currentPassword?: string) => {
    try {
      // `current_password` is FIRE Path's reauthentication (auth-js sends the attributes as they are).
      const attributes = currentPassword ? { password, current_password: currentPassword } : { password };
      const { error } = await authClient.updateUser(attributes);
      const reauthenticate = error?.code === "reauthentication_needed" || error?.code === "reauthentication_not_valid";
      return { error: error ? error.message : null, reauthenticate };
    } catch {
      return { error: say.current(AUTH_MESSAGES.unexpected) };
    }
  }, []);

  /** Clears the local user and session first (storage included, so a page closed mid-way stays signed out),
   * then revokes the session on the server; always reports success, errors are only logged. */
  const signOut = useCallback(async (): Promise<ActionResult> => {
    signingOutRef.current = true;
    setSessionEnded(false);
    let token: string | undefined;
    try {
      token = (await authClient.getSession()).data.session?.access_token;
    } catch (error) {
      console.error("sign-out error", error);
    }
    local.remove(AUTH_STORAGE_KEY);
    setUser(null);
    setSession(null);
    queryClient.clear();
    try {
      if (token) {
        const { error } = await authClient.admin.signOut(token, "global");
        if (error) console.error("sign-out error", error);
      }
      await authClient.signOut({ scope: "local" });
    } catch (error) {
      console.error("sign-out error", error);
    } finally {
      signingOutRef.current = false;
    }
    navigate("/", { replace: true });
    return { error: null };
  }, [navigate, queryClient]);

  const deleteAccount = useCallback(
    async (reason?: string): Promise<ActionResult> => {
      try {
        const { data, error, response } = await api.POST("/api/v1/me/delete", {
          body: { reason: reason?.trim() ? reason.trim() : null },
        });
        if (error || !response.ok) return { error: say.current(AUTH_MESSAGES.deletionFailed) };
        const inner = (data as { error?: unknown } | undefined)?.error;
        if (typeof inner === "string" && inner) return { error: inner };
        await signOut();
        return { error: null };
      } catch {
        return { error: say.current(AUTH_MESSAGES.deletionUnexpected) };
      }
    },
    [signOut],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      session,
      loading,
      role,
      roleLoading: Boolean(user) && roleQuery.isPending,
      isAdmin,
      isModerator,
      sessionEnded,
      signIn,
      signUp,
      signInWithGoogle,
      resetPassword,
      updatePassword,
      signOut,
      deleteAccount,
    }),
    [user, session, loading, role, roleQuery.isPending, isAdmin, isModerator, sessionEnded, signIn, signUp, signInWithGoogle,
      resetPassword, updatePassword, signOut, deleteAccount],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth must be used within an AuthProvider");
  return ctx;
}

/** For tests and stories: provide a fixed auth state. */
export const AuthContextForTests = AuthContext;
