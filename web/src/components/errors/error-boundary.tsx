/** The app's error boundary (spec sections 2, 4): 'Something went wrong', optional feedback, 'Try Again' resets,
 * 'Send Feedback' shows 'Sending...' for a second and stores an error report through the API. */
import { Component, type ErrorInfo, type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { api } from "@/lib/api";
import { useT } from "@/lib/i18n";


export async function sendErrorReport(error: Error | null, feedback: string): Promise<boolean> {
  const summary = (error ? `${error.name}: ${error.message}` : "Unknown error").slice(0, 5000) || "Unknown error";
  try {
    const { response } = await api.POST("/api/v1/error-reports", {
      body: {
        error_summary: summary.trim() ? summary : "Unknown error",
        feedback: feedback.trim() ? feedback.slice(0, 5000) : null,
        route: window.location.pathname.slice(0, 500),
        user_agent: navigator.userAgent.slice(0, 1000),
      },
    });
    return response.ok;
  } catch (e) {
    console.error("error report not sent", e);
    return false;
  }
}

export function ErrorScreen({ error, onReset }: { error: Error | null; onReset: () => void }) {
  const t = useT();
  const [feedback, setFeedback] = useState("");
  const [state, setState] = useState<"idle" | "sending" | "sent" | "failed">("idle");

  const send = async () => {
    setState("sending");
    const started = Date.now();
    const ok = await sendErrorReport(error, feedback);
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - started))));
    setState(ok ? "sent" : "failed");
  };

  return (
    <main id="main-content" className="flex min-h-[70vh] items-center justify-center p-4">
      <Card className="w-full max-w-lg" role="alert">
        <CardHeader>
          <CardTitle>{t("shell.errorBoundary.title")}</CardTitle>
          <CardDescription>{t("shell.errorBoundary.text")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor="error-feedback">{t("shell.errorBoundary.whatWereYouDoing")}</Label>
            <Textarea id="error-feedback" value={feedback} onChange={(e) => setFeedback(e.target.value)} maxLength={5000} />
          </div>
          {state === "sent" && <p className="text-sm text-success">{t("shell.errorBoundary.thankYouYourReport")}</p>}
          {state === "failed" && <p className="text-sm text-destructive">{t("shell.errorBoundary.theReportCouldNot")}</p>}
          <div className="flex flex-wrap gap-2">
            <Button onClick={onReset}>{t("shell.errorBoundary.tryAgain")}</Button>
            <Button variant="outline" onClick={send} disabled={state === "sending" || state === "sent"}>
              {state === "sending" ? t("shell.errorBoundary.sending") : t("shell.errorBoundary.sendFeedback")}
            </Button>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Unhandled UI error", error, info.componentStack);
  }

  componentDidUpdate(prev: { resetKey?: string }) {
    // Navigating elsewhere leaves the error screen.
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render() {
    if (this.state.error) return <ErrorScreen error={this.state.error} onReset={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
