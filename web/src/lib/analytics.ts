/** Product analytics: events posted to /api/v1/analytics/events with a session id kept in session storage.
 * Admins send nothing; failures are only logged. */
import { api } from "@/lib/api";
import { randomId, session } from "@/lib/storage";

export const SESSION_ID_KEY = "fire-path-analytics-session";
export type AnalyticsEventType = "page_view" | "user_login" | "button_click" | "form_submit" | "modal_open" | "calculation";

let suppressed = false;

/** Turn sending off (admins) or back on. */
export function setAnalyticsSuppressed(value: boolean): void {
  suppressed = value;
}

export function analyticsSessionId(): string {
  let id = session.get(SESSION_ID_KEY);
  if (!id) {
    id = randomId();
    session.set(SESSION_ID_KEY, id);
  }
  return id;
}

export async function track(type: AnalyticsEventType, name: string, data: Record<string, unknown> = {}): Promise<void> {
  if (suppressed) return;
  try {
    await api.POST("/api/v1/analytics/events", {
      body: {
        event_type: type,
        event_name: name,
        event_data: data,
        session_id: analyticsSessionId(),
        page_path: window.location.pathname,
        user_agent: navigator.userAgent.slice(0, 1000),
      },
    });
  } catch (error) {
    console.warn("analytics event not recorded", error);
  }
}

export const trackPageView = (path: string) => track("page_view", path, { path });
export const trackLogin = (userId: string, email: string | undefined) =>
  track("user_login", "user_login", { user_id: userId, email, timestamp: new Date().toISOString() });
export const trackButtonClick = (name: string, data?: Record<string, unknown>) => track("button_click", name, data);
export const trackFormSubmit = (name: string, data?: Record<string, unknown>) => track("form_submit", name, data);
export const trackModalOpen = (name: string, data?: Record<string, unknown>) => track("modal_open", name, data);
export const trackCalculation = (name: string, data?: Record<string, unknown>) => track("calculation", name, data);
