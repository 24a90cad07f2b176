/** /onboarding/voice: talk through your situation. The browser records (MediaRecorder, WebM/Opus), the API
 * transcribes the recording, and the onboarding graph extracts profile, income, expense and goal fields. Each
 * field is shown for checking and editing; nothing is saved until the user confirms. Without a microphone (or
 * when permission is refused) the same conversation is typed. */
import { ApiError } from "@firepath/shared/api";
import { type FormErrors, type FormValue, type FormValues, validate } from "@firepath/shared/form-kit";
import { confirmBody, type Goal, LOW_CONFIDENCE, MAX_SECONDS, reviewFields } from "@firepath/shared/voice-fields";
import { formatCurrency } from "@firepath/shared/format";
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

type MicState = "ready" | "unsupported" | "no-microphone" | "denied" | "recording" | "transcribing";

function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}

type SavedChange = NonNullable<Onboarding["saved"]>["changes"][number];

/** What was saved, one line per record, each with Undo (the same change record and undo as a coach write). */
function SavedCard({ changes }: { changes: SavedChange[] }) {
  const undo = useUndoCoachChange();
  const [undone, setUndone] = useState<Record<string, boolean>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const undoOne = (change: SavedChange) => {
    setProblem(null);
    undo.mutate(change.change_id, {
      onSuccess: () => {
        setUndone((was) => ({ ...was, [change.change_id]: true }));
        toast.success("Change undone");
      },
      onError: (error) => setProblem(errorText(error)),
    });
  };
  return (
    <Card data-testid="voice-saved">
      <CardHeader>
        <CardTitle className="text-lg">Saved to your plan</CardTitle>
        <CardDescription>Your profile, income, expenses and goals are updated. Add savings and preferences next, or see your dashboard.</CardDescription>
      </CardHeader>
      {changes.length > 0 && (
        <CardContent>
          <h3 className="mb-2 text-sm font-medium">What was saved</h3>
          <ul className="flex flex-col gap-2" aria-label="What was saved">
            {changes.map((change) => (
              <li key={change.change_id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm">
                <span className={undone[change.change_id] ? "text-muted-foreground line-through" : undefined}>{change.summary}</span>
                {undone[change.change_id] ? (
                  <span className="text-muted-foreground">Undone</span>
                ) : (
                  <Button size="sm" variant="outline" disabled={undo.isPending} onClick={() => undoOne(change)}
                    aria-label={`Undo: ${change.summary}`}>Undo</Button>
                )}
              </li>
            ))}
          </ul>
          {problem && <p role="alert" className="mt-2 text-sm text-destructive">{problem}</p>}
          <p className="mt-2 text-xs text-muted-foreground">Each change is also in your activity log on the Progress page.</p>
        </CardContent>
      )}
      <CardFooter className="flex flex-wrap gap-3">
        <Button asChild><Link to="/fire-dashboard">Go to your dashboard</Link></Button>
        <Button asChild variant="outline"><Link to="/onboarding/wizard">Continue in the setup wizard</Link></Button>
      </CardFooter>
    </Card>
  );
}

function VoiceSetup() {
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

  const review = useMemo(() => (result ? reviewFields(result) : null), [result]);
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
    setStatus("Working out what you said…");
    try {
      const next = await onboardingTurn(text, result?.thread_id ?? null);
      setResult(next);
      const n = Object.keys(next.fields).length + (next.goals?.length ?? 0);
      setStatus(n > 0 ? `We understood ${n} detail${n === 1 ? "" : "s"}. Please check them below.` : "We did not catch any details yet. Try again with numbers.");
      setTyped("");
    } catch (error) {
      setProblem(errorText(error));
      setStatus("");
    } finally {
      setBusy(false);
    }
  }, [result?.thread_id]);

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
      setStatus(denied ? "Microphone permission was refused. You can type your answers instead." : "No microphone was found. You can type your answers instead.");
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
      setStatus("Transcribing your recording…");
      try {
        const heard = await transcribe(blob);
        setMic("ready");
        if (!heard.text.trim()) {
          setStatus("We could not hear any words. Try again closer to the microphone, or type instead.");
          return;
        }
        await send(heard.text);
      } catch (error) {
        setMic("ready");
        setStatus("");
        setProblem(errorText(error));
      }
    };
    recorder.current = rec;
    rec.start();
    setMic("recording");
    setSeconds(0);
    setStatus("Recording. Tell us your age, province, take-home pay, rent and other spending, then press Stop.");
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
      const found = validate(values, review.fields);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      body = confirmBody(values, review.fields, goals);
    }
    setBusy(true);
    setProblem(null);
    try {
      const next = await confirmOnboarding(result.thread_id, approved, body);
      setResult(next);
      if (approved) {
        toast.success("Your details were saved");
        await Promise.all([["profile"], ["income"], ["expenses"], ["goals"], ["completion"], ["snapshot"], ["plan"]].map((queryKey) => qc.invalidateQueries({ queryKey })));
      }
      setStatus(approved ? "Saved." : "Discarded. Nothing was saved.");
    } catch (error) {
      setProblem(errorText(error));
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
          <CardHeader><CardTitle className="text-lg">Nothing was saved</CardTitle></CardHeader>
          <CardFooter><Button onClick={restart}>Start over</Button></CardFooter>
        </Card>
      )}

      {result?.status !== "declined" && (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{result ? "Tell us more" : "Tell us about your situation"}</CardTitle>
            <CardDescription>
              For example: “I am 35 and live in Ontario. My take-home pay is $5,200 a month, my rent is $2,000 and I spend
              about $1,500 on everything else.”
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            {!typedOnly && (
              <div className="flex flex-wrap items-center gap-3">
                {mic === "recording" ? (
                  <Button onClick={stopRecording} variant="destructive">
                    <Square className="size-4" aria-hidden="true" /> Stop recording
                  </Button>
                ) : (
                  <Button onClick={startRecording} disabled={busy || mic === "transcribing"}>
                    {mic === "transcribing" ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <Mic className="size-4" aria-hidden="true" />}
                    {mic === "transcribing" ? "Transcribing…" : result ? "Record another answer" : "Start recording"}
                  </Button>
                )}
                {mic === "recording" && (
                  <span className="text-sm tabular-nums text-muted-foreground" aria-label={`${seconds} seconds recorded`}>
                    <span className="mr-2 inline-block size-2 animate-pulse rounded-full bg-destructive" aria-hidden="true" />
                    {Math.floor(seconds / 60)}:{String(seconds % 60).padStart(2, "0")} / 1:50
                  </span>
                )}
              </div>
            )}
            {typedOnly && (
              <p className="text-sm text-muted-foreground" data-testid="voice-typed-only">
                {mic === "denied" ? "Microphone access was refused" : mic === "no-microphone" ? "No microphone was found" : "Recording is not available in this browser"}: type your answers below instead.
              </p>
            )}
            <form
              className="flex flex-col gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (typed.trim()) void send(typed.trim());
              }}
            >
              <Label htmlFor="voice-typed">{typedOnly ? "Your answer" : "Or type your answer"}</Label>
              <Textarea id="voice-typed" ref={typedRef} value={typed} maxLength={5000} rows={4} onChange={(e) => setTyped(e.target.value)} />
              <div>
                <Button type="submit" variant={typedOnly ? "default" : "outline"} disabled={busy || !typed.trim()}>
                  {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />} Send answer
                </Button>
              </div>
            </form>
            {result && result.missing.length > 0 && (
              <div className="text-sm">
                <p className="font-medium">Still to tell us</p>
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
            <CardTitle className="text-lg">Check what we understood</CardTitle>
            <CardDescription>Correct anything that is wrong, clear a field to leave it out, then save.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {review.fields.length === 0 && goals.length === 0 && <p className="text-sm text-muted-foreground">Nothing yet: answer above first.</p>}
            <div className="grid gap-4 sm:grid-cols-2">
              {review.fields.map((f) => {
                const heard = result.fields[f.name];
                const change = result.proposal?.preview.changes.find((c) => c.field === f.name);
                return (
                  <div key={f.name} className="flex flex-col gap-1 rounded-md border p-3" data-testid={`voice-field-${f.name}`}>
                    <Field field={f} value={values[f.name]} error={errors[f.name]} prefix="voice" onChange={onChange} />
                    <p className="text-xs text-muted-foreground">
                      Heard: “{heard.heard}”
                      {change?.before !== null && change?.before !== undefined && <> · now saved: {String(change.before)}</>}
                    </p>
                    {heard.confidence < LOW_CONFIDENCE && <Badge variant="outline" className="w-fit">Please check</Badge>}
                  </div>
                );
              })}
            </div>
            {goals.length > 0 && (
              <div>
                <h3 className="mb-2 text-sm font-medium">Goals</h3>
                <ul className="flex flex-col gap-2">
                  {goals.map((g, i) => (
                    <li key={`${g.name}-${i}`} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm">
                      <span>
                        {g.name}: {formatCurrency(Number(g.target_amount ?? 0))}
                        {g.target_date ? ` by ${g.target_date}` : ""}
                      </span>
                      <Button size="sm" variant="ghost" onClick={() => setGoals((gs) => gs.filter((_, j) => j !== i))} aria-label={`Remove goal ${g.name}`}>
                        Remove
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </CardContent>
          <CardFooter className="flex flex-wrap justify-end gap-3">
            <Button variant="outline" disabled={busy} onClick={() => void confirm(false)}>Discard</Button>
            <Button disabled={busy || (review.fields.length === 0 && goals.length === 0)} onClick={() => void confirm(true)}>Save these details</Button>
          </CardFooter>
        </Card>
      )}
    </div>
  );
}

export default function VoicePage() {
  const { user, loading } = useAuth();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10" data-testid="onboarding-voice">
      <h1 className="mb-2 text-2xl font-bold">Voice setup</h1>
      <p className="mb-6 text-muted-foreground">
        Talk through your situation and we will fill in your plan. Nothing is saved until you confirm.{" "}
        <Link className="underline" to="/onboarding/wizard">Use the step-by-step form instead</Link>.
      </p>
      {loading ? <Spinner /> : user ? <VoiceSetup /> : <SignedOutCard />}
    </div>
  );
}
