/** /onboarding/voice: talk through your situation, as on the web (web/src/pages/onboarding/voice-page.tsx). The
 * phone records (use-voice-recorder.ts), the API transcribes the recording, and the onboarding graph extracts
 * profile, income, expense and goal fields. Each field is shown for checking and editing, flagged "Please check"
 * when the server is unsure; nothing is saved until the person confirms. Without the microphone (permission
 * refused, or a browser that cannot record) the same conversation is typed. */
import { type FieldDef, type FormErrors, type FormValue, type FormValues, labelOf, validate } from "@firepath/shared/form-kit";
import { formatCurrency } from "@firepath/shared/format";
import { useQueryClient } from "@tanstack/react-query";
import { requestRecordingPermissionsAsync } from "expo-audio";
import { router } from "expo-router";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { AccessibilityInfo, Linking, StyleSheet, Text, View } from "react-native";
import { useOnline } from "@/components/offline-banner";
import { Body, Button, Card, Heading, HIDDEN, Loading, Screen, TextField } from "@/components/ui";
import { useAuth } from "@/features/auth/auth-provider";
import { useDevicePrefs } from "@/features/more/device-prefs";
import { Field } from "@/features/settings/fields";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { useUndoCoachChange } from "@/features/coach/coach-api";
import { usePrivateText } from "@/features/coach/message-parts";
import { useVoiceRecorder } from "./use-voice-recorder";
import { confirmOnboarding, errorText, type Onboarding, type OnboardingFields, onboardingTurn, transcribe } from "./voice-api";
import { confirmBody, type Goal, LOW_CONFIDENCE, MAX_SECONDS, reviewFields } from "@firepath/shared/voice-fields";


type MicState = "ready" | "unsupported" | "denied" | "recording" | "transcribing";

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

function SignedOutCard() {
  return (
    <Card title="Create your account first" testID="onboarding-signed-out">
      <Body muted>The setup saves your answers to your account as you go.</Body>
      <Button label="Create your free account" onPress={() => router.push("/sign-up")} />
      <Button label="Sign in" variant="secondary" onPress={() => router.push("/sign-in")} />
    </Card>
  );
}

/** A value as it is saved now, for the "now saved" note under a field. */
function savedText(field: FieldDef, value: unknown, privacy: boolean): string {
  if (field.kind === "money") return privacy ? HIDDEN : formatCurrency(value as number | string);
  if (field.kind === "select") return labelOf(field.options ?? [], String(value));
  return String(value);
}

function PleaseCheck() {
  const c = useColours();
  return (
    <View style={[styles.badge, { borderColor: c.warning, backgroundColor: c.warningBg }]}>
      <Text accessibilityLabel="Please check: we were not sure we heard this right" style={[styles.badgeText, { color: c.warning }]}>
        Please check
      </Text>
    </View>
  );
}

function VoiceSetup() {
  const c = useColours();
  const qc = useQueryClient();
  const online = useOnline();
  const { privacy } = useDevicePrefs();
  const recorder = useVoiceRecorder();
  const [mic, setMic] = useState<MicState>(() => (recorder.available ? "ready" : "unsupported"));
  const [canAskAgain, setCanAskAgain] = useState(true);
  const [seconds, setSeconds] = useState(0);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<Onboarding | null>(null);
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<FormErrors>({});
  const [goals, setGoals] = useState<Goal[]>([]);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const recording = useRef(false);
  const threadId = useRef<string | null>(null);

  const review = useMemo(() => (result ? reviewFields(result) : null), [result]);

  // Screen readers hear each new status, as the web's live region reads it.
  useEffect(() => {
    if (status) AccessibilityInfo.announceForAccessibility(status);
  }, [status]);

  const clearTimer = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };

  useEffect(
    () => () => {
      clearTimer();
      if (recording.current) {
        recording.current = false;
        recorder.stop().catch(() => undefined);
      }
    },
    [recorder],
  );

  const showResult = (next: Onboarding) => {
    threadId.current = next.thread_id;
    setResult(next);
    setValues(reviewFields(next).values);
    setErrors({});
    setGoals((next.goals ?? []) as Goal[]);
  };

  const send = useCallback(async (text: string) => {
    setBusy(true);
    setProblem(null);
    setStatus("Working out what you said…");
    try {
      const next = await onboardingTurn(text, threadId.current);
      showResult(next);
      const n = Object.keys(next.fields).length + (next.goals?.length ?? 0);
      setStatus(n > 0 ? `We understood ${n} detail${n === 1 ? "" : "s"}. Please check them below.` : "We did not catch any details yet. Try again with numbers.");
      setTyped("");
    } catch (error) {
      setProblem(errorText(error));
      setStatus("");
    } finally {
      setBusy(false);
    }
  }, []);

  const stopRecording = useCallback(async () => {
    if (!recording.current) return;
    recording.current = false;
    clearTimer();
    setMic("transcribing");
    setStatus("Transcribing your recording…");
    try {
      const file = await recorder.stop();
      if (!file) {
        setMic("ready");
        setStatus("We could not hear any words. Try again closer to the microphone, or type instead.");
        return;
      }
      const heard = await transcribe(file);
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
  }, [recorder, send]);

  const startRecording = async () => {
    setProblem(null);
    let permission: { granted: boolean; canAskAgain: boolean };
    try {
      permission = await requestRecordingPermissionsAsync();
    } catch {
      permission = { granted: false, canAskAgain: false };
    }
    if (!permission.granted) {
      setMic("denied");
      setCanAskAgain(permission.canAskAgain);
      setStatus("Microphone permission was refused. You can type your answers instead.");
      return;
    }
    try {
      await recorder.start();
    } catch (error) {
      setMic("ready");
      setStatus("");
      setProblem(`The microphone could not start (${errorText(error)}). Try again, or type your answer.`);
      return;
    }
    recording.current = true;
    setMic("recording");
    setSeconds(0);
    setStatus("Recording. Tell us your age, province, take-home pay, rent and other spending, then press Stop.");
    const started = Date.now();
    timer.current = setInterval(() => {
      const s = Math.floor((Date.now() - started) / 1000);
      setSeconds(s);
      if (s >= MAX_SECONDS) void stopRecording();
    }, 250);
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
      if (approved) await Promise.all([["plan"], ["settings"]].map((queryKey) => qc.invalidateQueries({ queryKey })));
      setStatus(approved ? "Saved." : "Discarded. Nothing was saved.");
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    threadId.current = null;
    setResult(null);
    setStatus("");
    setProblem(null);
  };

  if (result?.status === "saved") {
    return (
      <Card title="Saved to your plan" testID="voice-saved">
        <Body muted>Your profile, income, expenses and goals are updated. Add savings and preferences next, or see your dashboard.</Body>
        {(result.saved?.changes ?? []).map((change) => <SavedLine key={change.change_id} change={change} />)}
        <Button label="Go to your dashboard" onPress={() => router.replace("/")} />
        <Button label="Add your savings" variant="secondary" onPress={() => router.push("/settings/savings")} />
      </Card>
    );
  }

  const typedOnly = mic === "unsupported" || mic === "denied";
  const offlineBlocked = !online;
  return (
    <>
      {offlineBlocked ? (
        <View accessibilityRole="alert" testID="voice-offline" style={[styles.notice, { backgroundColor: c.warningBg }]}>
          <Text style={[styles.noticeText, { color: c.warning }]}>You're offline. Voice setup needs a connection to your FIRE Path server.</Text>
        </View>
      ) : null}
      {status ? (
        <Text testID="voice-status" accessibilityLiveRegion="polite" style={[styles.status, { color: c.text }]}>
          {status}
        </Text>
      ) : null}
      {problem ? (
        <Text accessibilityRole="alert" style={[styles.problem, { color: c.danger, borderColor: c.danger }]}>
          {problem}
        </Text>
      ) : null}

      {result?.status === "declined" ? (
        <Card title="Nothing was saved">
          <Button label="Start over" onPress={restart} />
        </Card>
      ) : (
        <Card title={result ? "Tell us more" : "Tell us about your situation"}>
          <Body muted>
            For example: “I am 35 and live in Ontario. My take-home pay is $5,200 a month, my rent is $2,000 and I spend about $1,500 on
            everything else.”
          </Body>
          {!typedOnly ? (
            <View style={styles.recordRow}>
              {mic === "recording" ? (
                <Button label="Stop recording" variant="danger" onPress={() => void stopRecording()} testID="voice-stop" />
              ) : (
                <Button
                  label={mic === "transcribing" ? "Transcribing…" : result ? "Record another answer" : "Start recording"}
                  onPress={() => void startRecording()}
                  disabled={busy || mic === "transcribing" || offlineBlocked}
                  testID="voice-start"
                />
              )}
              {mic === "recording" ? (
                <View accessible accessibilityRole="timer" accessibilityLabel={`${seconds} seconds recorded`} style={styles.elapsed} testID="voice-elapsed">
                  <View style={[styles.dot, { backgroundColor: c.danger }]} />
                  <Text style={{ color: c.muted, fontSize: typeScale.body, fontVariant: ["tabular-nums"] }}>
                    {clock(seconds)} / {clock(MAX_SECONDS)}
                  </Text>
                </View>
              ) : null}
            </View>
          ) : (
            <View style={{ gap: space.sm }}>
              <Body muted>
                <Text testID="voice-typed-only">
                  {mic === "denied" ? "Microphone access was refused" : "Recording is not available in this browser"}: type your answers below instead.
                </Text>
              </Body>
              {mic === "denied" ? (
                canAskAgain ? (
                  <Button label="Try the microphone again" variant="secondary" onPress={() => void startRecording()} />
                ) : (
                  <Button
                    label="Open Settings"
                    variant="secondary"
                    accessibilityHint="Allow the microphone for FIRE Path, then come back to record."
                    onPress={() => void Linking.openSettings()}
                  />
                )
              ) : null}
            </View>
          )}
          <TextField
            label={typedOnly ? "Your answer" : "Or type your answer"}
            value={typed}
            onChangeText={setTyped}
            maxLength={5000}
            multiline
            textAlignVertical="top"
            style={[styles.typed, { color: c.text, borderColor: c.border, backgroundColor: c.inputBg }]}
          />
          <Button
            label="Send answer"
            variant={typedOnly ? "primary" : "secondary"}
            busy={busy && mic !== "transcribing"}
            disabled={busy || !typed.trim() || offlineBlocked}
            onPress={() => void send(typed.trim())}
          />
          {result && result.missing.length > 0 ? (
            <View style={{ gap: space.xs }}>
              <Text style={[styles.subheading, { color: c.text }]}>Still to tell us</Text>
              <View testID="voice-missing">
                {result.missing.map((q) => (
                  <Body key={q.field} muted>
                    • {q.question}
                  </Body>
                ))}
              </View>
            </View>
          ) : null}
        </Card>
      )}

      {result && review && result.status === "proposed" ? (
        <Card title="Check what we understood" testID="voice-review">
          <Body muted>Correct anything that is wrong, clear a field to leave it out, then save.</Body>
          {review.fields.length === 0 && goals.length === 0 ? <Body muted>Nothing yet: answer above first.</Body> : null}
          {review.fields.map((f) => {
            const heard = result.fields[f.name];
            const change = result.proposal?.preview.changes.find((x) => x.field === f.name);
            const before = change?.before;
            return (
              <View key={f.name} testID={`voice-field-${f.name}`} style={[styles.fieldBox, { borderColor: c.border }]}>
                <Field field={f} value={values[f.name]} error={errors[f.name]} onChange={onChange} />
                {heard ? (
                  <Text style={[styles.small, { color: c.muted }]}>
                    Heard: “{heard.heard}”{before !== null && before !== undefined ? ` · now saved: ${savedText(f, before, privacy)}` : ""}
                  </Text>
                ) : null}
                {heard && heard.confidence < LOW_CONFIDENCE ? <PleaseCheck /> : null}
              </View>
            );
          })}
          {goals.length > 0 ? (
            <View style={{ gap: space.sm }}>
              <Text accessibilityRole="header" style={[styles.subheading, { color: c.text }]}>
                Goals
              </Text>
              {goals.map((g, i) => (
                <View key={`${g.name}-${i}`} style={[styles.goal, { borderColor: c.border }]}>
                  <Text style={[styles.goalText, { color: c.text }]}>
                    {g.name}: {privacy ? HIDDEN : formatCurrency(Number(g.target_amount ?? 0))}
                    {g.target_date ? ` by ${g.target_date}` : ""}
                  </Text>
                  <Button
                    label={`Remove goal ${g.name}`}
                    variant="secondary"
                    onPress={() => setGoals((gs) => gs.filter((_, j) => j !== i))}
                  />
                </View>
              ))}
            </View>
          ) : null}
          <Button label="Discard" variant="secondary" disabled={busy} onPress={() => void confirm(false)} />
          <Button
            label="Save these details"
            disabled={busy || offlineBlocked || (review.fields.length === 0 && goals.length === 0)}
            onPress={() => void confirm(true)}
          />
        </Card>
      ) : null}
    </>
  );
}

type SavedChange = NonNullable<Onboarding["saved"]>["changes"][number];

/** One saved record with Undo: the same change record and undo as a write the coach saved. */
function SavedLine({ change }: { change: SavedChange }) {
  const c = useColours();
  const undo = useUndoCoachChange();
  const summary = usePrivateText(change.summary);
  return (
    <View style={[styles.savedLine, { borderColor: c.border }]} testID="voice-saved-change">
      <Text style={[styles.savedText, { color: undo.isSuccess ? c.muted : c.text }]}>{summary}</Text>
      {undo.isSuccess ? (
        <Text accessibilityLiveRegion="polite" style={{ color: c.success }}>Undone</Text>
      ) : (
        <Button label={undo.isPending ? "Undoing…" : "Undo"} variant="secondary" busy={undo.isPending}
          onPress={() => undo.mutate(change.change_id)} />
      )}
      {undo.isError ? <Text accessibilityRole="alert" style={{ color: c.danger }}>{undo.error.message}</Text> : null}
    </View>
  );
}

export function VoiceOnboardingScreen() {
  const { session, loading } = useAuth();
  return (
    <Screen>
      <View testID="onboarding-voice" style={{ gap: space.sm }}>
        <Heading>Voice setup</Heading>
        <Body muted>Talk through your situation and we will fill in your plan. Nothing is saved until you confirm.</Body>
      </View>
      {loading ? <Loading label="Checking your session" /> : session ? <VoiceSetup /> : <SignedOutCard />}
    </Screen>
  );
}

const styles = StyleSheet.create({
  savedLine: { borderWidth: 1, borderRadius: 8, padding: space.sm, gap: space.sm },
  savedText: { fontSize: typeScale.body, lineHeight: 22 },
  status: { fontSize: typeScale.body, lineHeight: 22 },
  problem: { fontSize: typeScale.body, borderWidth: 1, borderRadius: 8, padding: space.md },
  notice: { padding: space.md, borderRadius: 8 },
  noticeText: { fontSize: typeScale.small, fontWeight: "600" },
  recordRow: { gap: space.sm },
  elapsed: { flexDirection: "row", alignItems: "center", gap: space.sm },
  dot: { width: 10, height: 10, borderRadius: 5 },
  typed: { minHeight: 110, borderWidth: 1, borderRadius: 8, padding: space.md, fontSize: typeScale.body },
  subheading: { fontSize: typeScale.body, fontWeight: "700" },
  fieldBox: { borderWidth: 1, borderRadius: 8, padding: space.md, gap: space.xs },
  small: { fontSize: typeScale.small },
  badge: { alignSelf: "flex-start", borderWidth: 1, borderRadius: 999, paddingHorizontal: space.sm, paddingVertical: 2 },
  badgeText: { fontSize: typeScale.small, fontWeight: "700" },
  goal: { borderWidth: 1, borderRadius: 8, padding: space.md, gap: space.sm },
  goalText: { fontSize: typeScale.body },
});
