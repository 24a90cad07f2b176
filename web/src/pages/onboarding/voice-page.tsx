/** /onboarding/voice: talk through your situation. The browser records (MediaRecorder, WebM/Opus), the API
 * transcribes the recording, and the onboarding graph extracts profile, income, expense and goal fields. Each
 * field is shown for checking and editing; nothing is saved until the user confirms. Without a microphone (or
 * when permission is refused) the same conversation is typed. */
import { ApiError } from "@firepath/shared/api";
import { type FormErrors, type FormValue, type FormValues, validate } from "@firepath/shared/form-kit";
import { confirmBody, type Goal, LOW_CONFIDENCE, MAX_SECONDS, reviewFields } from "@firepath/shared/voice-fields";
import { useQueryClient } from "@tanstack/react-query";
import { LoaderCircle, Mic, Square } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { useUndoCoachChange } from "@/api/coach";
import { useAuth } from "@/app/auth-provider";
import { Field } from "@/components/forms/form-fields";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { SignedOutCard } from "@/pages/onboarding/signed-out-card";
import {
  canRecord, confirmOnboarding, type Onboarding, type OnboardingFields, onboardingTurn, recordingMimeType, transcribe,
} from "@/pages/onboarding/voice-api";
import type { Translate } from "@firepath/shared/i18n/messages";
import { Message, useFormat, useI18n, useT } from "@/lib/i18n";

/** Minutes and seconds of a recording, "1:05". */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

type MicState = "ready" | "unsupported" | "no-microphone" | "denied" | "recording" | "transcribing";

function errorText(error: unknown, t: Translate): string {
  if (error instanceof ApiError) return error.message;
  return error instanceof Error ? error.message : t("onboarding.voice.failed");
}

type SavedChange = NonNullable<Onboarding["saved"]>["changes"][number];

/** What was saved, one line per record, each with Undo (the same change record and undo as a coach write). */
function SavedCard({ changes }: { changes: SavedChange[] }) {
  const t = useT();
  const undo = useUndoCoachChange();
  const [undone, setUndone] = useState<Record<string, boolean>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const undoOne = (change: SavedChange) => {
    setProblem(null);
    undo.mutate(change.change_id, {
      onSuccess: () => {
        setUndone((was) => ({ ...was, [change.change_id]: true }));
        toast.success(t("onboarding.voice.changeUndone"));
      },
      onError: (error) => setProblem(errorText(error, t)),
    });
  };
  return (
    <Card data-testid="voice-saved">
      <CardHeader>
        <CardTitle className="text-lg">{t("onboarding.voice.savedToYourPlan")}</CardTitle>
        <CardDescription>{t("onboarding.voice.yourProfileIncomeExpenses")}</CardDescription>
      </CardHeader>
      {changes.length > 0 && (
        <CardContent>
          <h3 className="mb-2 text-sm font-medium">{t("onboarding.voice.whatWasSaved")}</h3>
          <ul className="flex flex-col gap-2" aria-label={t("onboarding.voice.whatWasSaved")}>
            {changes.map((change) => (
              <li key={change.change_id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm">
                <span className={undone[change.change_id] ? "text-muted-foreground line-through" : undefined}>{change.summary}</span>
                {undone[change.change_id] ? (
                  <span className="text-muted-foreground">{t("onboarding.voice.undone")}</span>
                ) : (
                  <Button size="sm" variant="outline" disabled={undo.isPending} onClick={() => undoOne(change)}
                    aria-label={t("onboarding.voice.undo2", { summary: change.summary })}>{t("onboarding.voice.undo")}</Button>
                )}
              </li>
            ))}
          </ul>
          {problem && <p role="alert" className="mt-2 text-sm text-destructive">{problem}</p>}
          <p className="mt-2 text-xs text-muted-foreground">{t("onboarding.voice.eachChangeIsAlso")}</p>
        </CardContent>
      )}
      <CardFooter className="flex flex-wrap gap-3">
        <Button asChild><Link to="/fire-dashboard">{t("onboarding.voice.goToYourDashboard")}</Link></Button>
        <Button asChild variant="outline"><Link to="/onboarding/wizard">{t("onboarding.voice.continueInTheSetup")}</Link></Button>
      </CardFooter>
    </Card>
  );
}

function VoiceSetup() {
  const fmt = useFormat();
  const i18n = useI18n();
  const { t } = i18n;
  const [mic, setMic] = useState<MicState>(() => (canRecord() ? "ready" : "unsupported"));
  const [seconds, setSeconds] = useState(0);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<Onboarding | null>(null);
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<FormErrors>({});
  const [goals, setGoals] = useState<Goal[]>([]);
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef<number | null>(null);
  const typedRef = useRef<HTMLTextAreaElement>(null);
  const qc = useQueryClient();

  const review = useMemo(() => (result ? reviewFields(result, i18n.t, i18n.locale) : null), [result, i18n]);
  useEffect(() => {
    if (!result || !review) return;
    setValues(review.values);
    setErrors({});
    setGoals((result.goals ?? []) as Goal[]);
  }, [result, review]);

  useEffect(() => () => {
    if (timer.current) window.clearInterval(timer.current);
    recorder.current?.stream.getTracks().forEach((t) => t.stop());
  }, []);

  const send = useCallback(async (text: string) => {
    setBusy(true);
    setProblem(null);
    setStatus(t("onboarding.voice.workingOutWhatYou"));
    try {
      const next = await onboardingTurn(text, result?.thread_id ?? null);
      setResult(next);
      const n = Object.keys(next.fields).length + (next.goals?.length ?? 0);
      setStatus(n > 0 ? t("onboarding.voice.understood", { count: n }) : t("onboarding.voice.weDidNotCatch"));
      setTyped("");
    } catch (error) {
      setProblem(errorText(error, t));
      setStatus("");
    } finally {
      setBusy(false);
    }
  }, [result?.thread_id, t]);

  const stopRecording = useCallback(() => {
    if (timer.current) window.clearInterval(timer.current);
    timer.current = null;
    if (recorder.current?.state === "recording") recorder.current.stop();
  }, []);

  const startRecording = async () => {
    setProblem(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      const denied = error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "SecurityError");
      setMic(denied ? "denied" : "no-microphone");
      setStatus(denied ? t("onboarding.voice.microphonePermissionWasRefused") : t("onboarding.voice.noMicrophoneWasFound2"));
      window.setTimeout(() => typedRef.current?.focus(), 0);
      return;
    }
    const mimeType = recordingMimeType((t) => MediaRecorder.isTypeSupported(t));
    const rec = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
    rec.onstop = async () => {
      stream.getTracks().forEach((t) => t.stop());
      const blob = new Blob(chunks, { type: rec.mimeType || mimeType || "audio/webm" });
      setMic("transcribing");
      setStatus(t("onboarding.voice.transcribingYourRecording"));
      try {
        const heard = await transcribe(blob);
        setMic("ready");
        if (!heard.text.trim()) {
          setStatus(t("onboarding.voice.weCouldNotHear"));
          return;
        }
        await send(heard.text);
      } catch (error) {
        setMic("ready");
        setStatus("");
        setProblem(errorText(error, t));
      }
    };
    recorder.current = rec;
    rec.start();
    setMic("recording");
    setSeconds(0);
    setStatus(t("onboarding.voice.recordingTellUsYour"));
    timer.current = window.setInterval(() => {
      setSeconds((s) => {
        if (s + 1 >= MAX_SECONDS) stopRecording();
        return s + 1;
      });
    }, 1000);
  };

  const onChange = (name: string, value: FormValue) => setValues((v) => ({ ...v, [name]: value }));

  const confirm = async (approved: boolean) => {
    if (!result || !review) return;
    let body: OnboardingFields | undefined;
    if (approved) {
      const found = validate(values, review.fields, i18n);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      body = confirmBody(values, review.fields, goals, i18n.locale);
    }
    setBusy(true);
    setProblem(null);
    try {
      const next = await confirmOnboarding(result.thread_id, approved, body);
      setResult(next);
      if (approved) {
        toast.success(t("onboarding.voice.yourDetailsWereSaved"));
        await Promise.all([["profile"], ["income"], ["expenses"], ["goals"], ["completion"], ["snapshot"], ["plan"]].map((queryKey) => qc.invalidateQueries({ queryKey })));
      }
      setStatus(approved ? t("onboarding.voice.saved") : t("onboarding.voice.discardedNothingWasSaved"));
    } catch (error) {
      setProblem(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    setResult(null);
    setStatus("");
    setProblem(null);
  };

  if (result?.status === "saved") {
    return <SavedCard changes={result.saved?.changes ?? []} />;
  }

  const typedOnly = mic === "unsupported" || mic === "no-microphone" || mic === "denied";
  return (
    <div className="flex flex-col gap-6">
      <p role="status" aria-live="polite" className="min-h-5 text-sm" data-testid="voice-status">{status}</p>
      {problem && <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">{problem}</p>}
      {result?.status === "declined" && (
        <Card>
          <CardHeader><CardTitle className="text-lg">{t("onboarding.voice.nothingWasSaved")}</CardTitle></CardHeader>
          <CardFooter><Button onClick={restart}>{t("onboarding.voice.startOver")}</Button></CardFooter>
        </Card>
      )}

      {result?.status !== "declined" && (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{result ? t("onboarding.voice.tellUsMore") : t("onboarding.voice.tellUsAboutYour")}</CardTitle>
            <CardDescription>
              {t("onboarding.voice.forExampleIAm")}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            {!typedOnly && (
              <div className="flex flex-wrap items-center gap-3">
                {mic === "recording" ? (
                  <Button onClick={stopRecording} variant="destructive">
                    <Square className="size-4" aria-hidden="true" />&#32;{t("onboarding.voice.stopRecording")}
                  </Button>
                ) : (
                  <Button onClick={startRecording} disabled={busy || mic === "transcribing"}>
                    {mic === "transcribing" ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <Mic className="size-4" aria-hidden="true" />}
                    {mic === "transcribing" ? t("onboarding.voice.transcribing") : result ? t("onboarding.voice.recordAnotherAnswer") : t("onboarding.voice.startRecording")}
                  </Button>
                )}
                {mic === "recording" && (
                  <span className="text-sm tabular-nums text-muted-foreground" aria-label={t("onboarding.voice.secondsRecorded", { seconds })}>
                    <span className="mr-2 inline-block size-2 animate-pulse rounded-full bg-destructive" aria-hidden="true" />
                    {t("onboarding.voice.timer", { elapsed: clock(seconds), limit: clock(MAX_SECONDS) })}
                  </span>
                )}
              </div>
            )}
            {typedOnly && (
              <p className="text-sm text-muted-foreground" data-testid="voice-typed-only">
                {t("onboarding.voice.noRecording", { why: mic === "denied" ? "denied" : mic === "no-microphone" ? "none" : "unsupported" })}
              </p>
            )}
            <form
              className="flex flex-col gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (typed.trim()) void send(typed.trim());
              }}
            >
              <Label htmlFor="voice-typed">{typedOnly ? t("onboarding.voice.yourAnswer") : t("onboarding.voice.orTypeYourAnswer")}</Label>
              <Textarea id="voice-typed" ref={typedRef} value={typed} maxLength={5000} rows={4} onChange={(e) => setTyped(e.target.value)} />
              <div>
                <Button type="submit" variant={typedOnly ? "default" : "outline"} disabled={busy || !typed.trim()}>
                  {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}&#32;{t("onboarding.voice.sendAnswer")}
                </Button>
              </div>
            </form>
            {result && result.missing.length > 0 && (
              <div className="text-sm">
                <p className="font-medium">{t("onboarding.voice.stillToTellUs")}</p>
                <ul className="mt-1 list-disc pl-5 text-muted-foreground" data-testid="voice-missing">
                  {result.missing.map((q) => <li key={q.field}>{q.question}</li>)}
                </ul>
              </div>
            )}
          </CardContent>
        </Card>
      )}

      {result && review && result.status === "proposed" && (
        <Card data-testid="voice-review">
          <CardHeader>
            <CardTitle className="text-lg">{t("onboarding.voice.checkWhatWeUnderstood")}</CardTitle>
            <CardDescription>{t("onboarding.voice.correctAnythingThatIs")}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {review.fields.length === 0 && goals.length === 0 && <p className="text-sm text-muted-foreground">{t("onboarding.voice.nothingYetAnswerAbove")}</p>}
            <div className="grid gap-4 sm:grid-cols-2">
              {review.fields.map((f) => {
                const heard = result.fields[f.name];
                const change = result.proposal?.preview.changes.find((c) => c.field === f.name);
                return (
                  <div key={f.name} className="flex flex-col gap-1 rounded-md border p-3" data-testid={`voice-field-${f.name}`}>
                    <Field field={f} value={values[f.name]} error={errors[f.name]} prefix="voice" onChange={onChange} />
                    <p className="text-xs text-muted-foreground">
                      {t("onboarding.voice.heard", { heard: heard.heard })}
                      {change?.before !== null && change?.before !== undefined && <>&#32;{t("onboarding.voice.nowSaved", { before: String(change.before) })}</>}
                    </p>
                    {heard.confidence < LOW_CONFIDENCE && <Badge variant="outline" className="w-fit">{t("onboarding.voice.pleaseCheck")}</Badge>}
                  </div>
                );
              })}
            </div>
            {goals.length > 0 && (
              <div>
                <h3 className="mb-2 text-sm font-medium">{t("onboarding.voice.goals")}</h3>
                <ul className="flex flex-col gap-2">
                  {goals.map((g, i) => (
                    <li key={`${g.name}-${i}`} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm">
                      <span>
                        {t("onboarding.voice.goalAmount", { name: g.name, amount: fmt.money(Number(g.target_amount ?? 0)) })}
                        {g.target_date ? t("onboarding.voice.by", { target_date: g.target_date }) : ""}
                      </span>
                      <Button size="sm" variant="ghost" onClick={() => setGoals((gs) => gs.filter((_, j) => j !== i))} aria-label={t("onboarding.voice.removeGoal", { name: g.name })}>
                        {t("onboarding.voice.remove")}
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </CardContent>
          <CardFooter className="flex flex-wrap justify-end gap-3">
            <Button variant="outline" disabled={busy} onClick={() => void confirm(false)}>{t("onboarding.voice.discard")}</Button>
            <Button disabled={busy || (review.fields.length === 0 && goals.length === 0)} onClick={() => void confirm(true)}>{t("onboarding.voice.saveTheseDetails")}</Button>
          </CardFooter>
        </Card>
      )}
    </div>
  );
}

export default function VoicePage() {
  const t = useT();
  const { user, loading } = useAuth();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10" data-testid="onboarding-voice">
      <h1 className="mb-2 text-2xl font-bold">{t("onboarding.voice.voiceSetup")}</h1>
      <p className="mb-6 text-muted-foreground">
        <Message id="onboarding.voice.intro" values={{ link: (c) => <Link className="underline" to="/onboarding/wizard">{c}</Link> }} />
      </p>
      {loading ? <Spinner /> : user ? <VoiceSetup /> : <SignedOutCard />}
    </div>
  );
}
