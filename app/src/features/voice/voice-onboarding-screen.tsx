/** /onboarding/voice: talk through your situation, as on the web (web/src/pages/onboarding/voice-page.tsx). The
 * phone records (use-voice-recorder.ts), the API transcribes the recording, and the onboarding graph extracts
 * profile, income, expense and goal fields. Each field is shown for checking and editing, flagged "Please check"
 * when the server is unsure; nothing is saved until the person confirms. Without the microphone (permission
 * refused, or a browser that cannot record) the same conversation is typed. */
import { type FieldDef, type FormErrors, type FormValue, type FormValues, labelOf, validate } from "@firepath/shared/form-kit";
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
import { useFormat, useI18n, useT } from "@/lib/i18n";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { useUndoCoachChange } from "@/features/coach/coach-api";
import { usePrivateText } from "@/features/coach/message-parts";
import { useVoiceRecorder } from "./use-voice-recorder";
import { confirmOnboarding, errorText, type Onboarding, type OnboardingFields, onboardingTurn, transcribe } from "./voice-api";
import { confirmBody, type Goal, LOW_CONFIDENCE, MAX_SECONDS, reviewFields } from "@firepath/shared/voice-fields";


type MicState = "ready" | "unsupported" | "denied" | "recording" | "transcribing";

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

function SignedOutCard() {
  const t = useT();
  return (
    <Card title={t("onboarding.signedOutCard.createYourAccountFirst")} testID="onboarding-signed-out">
      <Body muted>{t("onboarding.signedOutCard.theSetupSavesYour")}</Body>
      <Button label={t("onboarding.signedOutCard.createYourFreeAccount")} onPress={() => router.push("/sign-up")} />
      <Button label={t("onboarding.signedOutCard.signIn")} variant="secondary" onPress={() => router.push("/sign-in")} />
    </Card>
  );
}

/** A value as it is saved now, for the "now saved" note under a field (money in the language's format). */
function savedText(field: FieldDef, value: unknown, privacy: boolean, money: (v: number | string) => string): string {
  if (field.kind === "money") return privacy ? HIDDEN : money(value as number | string);
  if (field.kind === "select") return labelOf(field.options ?? [], String(value));
  return String(value);
}

function PleaseCheck() {
  const c = useColours();
  const t = useT();
  return (
    <View style={[styles.badge, { borderColor: c.warning, backgroundColor: c.warningBg }]}>
      <Text accessibilityLabel={t("app.voice.pleaseCheckLabel")} style={[styles.badgeText, { color: c.warning }]}>
        {t("onboarding.voice.pleaseCheck")}
      </Text>
    </View>
  );
}

function VoiceSetup() {
  const c = useColours();
  const i18n = useI18n();
  const { t, locale } = i18n;
  const fmt = useFormat();
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

  const review = useMemo(() => (result ? reviewFields(result, t, locale) : null), [result, t, locale]);

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

  const showResult = useCallback((next: Onboarding) => {
    threadId.current = next.thread_id;
    setResult(next);
    setValues(reviewFields(next, t, locale).values);
    setErrors({});
    setGoals((next.goals ?? []) as Goal[]);
  }, [t, locale]);

  const send = useCallback(async (text: string) => {
    setBusy(true);
    setProblem(null);
    setStatus(t("onboarding.voice.workingOutWhatYou"));
    try {
      const next = await onboardingTurn(text, threadId.current);
      showResult(next);
      const n = Object.keys(next.fields).length + (next.goals?.length ?? 0);
      setStatus(n > 0 ? t("onboarding.voice.understood", { count: n }) : t("onboarding.voice.weDidNotCatch"));
      setTyped("");
    } catch (error) {
      setProblem(errorText(error, t));
      setStatus("");
    } finally {
      setBusy(false);
    }
  }, [showResult, t]);

  const stopRecording = useCallback(async () => {
    if (!recording.current) return;
    recording.current = false;
    clearTimer();
    setMic("transcribing");
    setStatus(t("onboarding.voice.transcribingYourRecording"));
    try {
      const file = await recorder.stop();
      if (!file) {
        setMic("ready");
        setStatus(t("onboarding.voice.weCouldNotHear"));
        return;
      }
      const heard = await transcribe(file);
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
  }, [recorder, send, t]);

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
      setStatus(t("onboarding.voice.microphonePermissionWasRefused"));
      return;
    }
    try {
      await recorder.start();
    } catch (error) {
      setMic("ready");
      setStatus("");
      setProblem(t("app.voice.micFailed", { error: errorText(error, t) }));
      return;
    }
    recording.current = true;
    setMic("recording");
    setSeconds(0);
    setStatus(t("onboarding.voice.recordingTellUsYour"));
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
      const found = validate(values, review.fields, i18n);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      body = confirmBody(values, review.fields, goals, locale);
    }
    setBusy(true);
    setProblem(null);
    try {
      const next = await confirmOnboarding(result.thread_id, approved, body);
      setResult(next);
      if (approved) await Promise.all([["plan"], ["settings"]].map((queryKey) => qc.invalidateQueries({ queryKey })));
      setStatus(approved ? t("onboarding.voice.saved") : t("onboarding.voice.discardedNothingWasSaved"));
    } catch (error) {
      setProblem(errorText(error, t));
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
      <Card title={t("onboarding.voice.savedToYourPlan")} testID="voice-saved">
        <Body muted>{t("onboarding.voice.yourProfileIncomeExpenses")}</Body>
        {(result.saved?.changes ?? []).map((change) => <SavedLine key={change.change_id} change={change} />)}
        <Button label={t("onboarding.voice.goToYourDashboard")} onPress={() => router.replace("/")} />
        <Button label={t("app.voice.addSavings")} variant="secondary" onPress={() => router.push("/settings/savings")} />
      </Card>
    );
  }

  const typedOnly = mic === "unsupported" || mic === "denied";
  const offlineBlocked = !online;
  return (
    <>
      {offlineBlocked ? (
        <View accessibilityRole="alert" testID="voice-offline" style={[styles.notice, { backgroundColor: c.warningBg }]}>
          <Text style={[styles.noticeText, { color: c.warning }]}>{t("app.voice.offline")}</Text>
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
        <Card title={t("onboarding.voice.nothingWasSaved")}>
          <Button label={t("onboarding.voice.startOver")} onPress={restart} />
        </Card>
      ) : (
        <Card title={result ? t("onboarding.voice.tellUsMore") : t("onboarding.voice.tellUsAboutYour")}>
          <Body muted>{t("onboarding.voice.forExampleIAm")}</Body>
          {!typedOnly ? (
            <View style={styles.recordRow}>
              {mic === "recording" ? (
                <Button label={t("onboarding.voice.stopRecording")} variant="danger" onPress={() => void stopRecording()} testID="voice-stop" />
              ) : (
                <Button
                  label={
                    mic === "transcribing"
                      ? t("onboarding.voice.transcribing")
                      : result
                        ? t("onboarding.voice.recordAnotherAnswer")
                        : t("onboarding.voice.startRecording")
                  }
                  onPress={() => void startRecording()}
                  disabled={busy || mic === "transcribing" || offlineBlocked}
                  testID="voice-start"
                />
              )}
              {mic === "recording" ? (
                <View accessible accessibilityRole="timer" accessibilityLabel={t("onboarding.voice.secondsRecorded", { seconds })} style={styles.elapsed} testID="voice-elapsed">
                  <View style={[styles.dot, { backgroundColor: c.danger }]} />
                  <Text style={{ color: c.muted, fontSize: typeScale.body, fontVariant: ["tabular-nums"] }}>
                    {t("onboarding.voice.timer", { elapsed: clock(seconds), limit: clock(MAX_SECONDS) })}
                  </Text>
                </View>
              ) : null}
            </View>
          ) : (
            <View style={{ gap: space.sm }}>
              <Body muted>
                <Text testID="voice-typed-only">{t("onboarding.voice.noRecording", { why: mic === "denied" ? "denied" : "unsupported" })}</Text>
              </Body>
              {mic === "denied" ? (
                canAskAgain ? (
                  <Button label={t("app.voice.tryMicAgain")} variant="secondary" onPress={() => void startRecording()} />
                ) : (
                  <Button
                    label={t("app.voice.openSettings")}
                    variant="secondary"
                    accessibilityHint={t("app.voice.openSettingsHint")}
                    onPress={() => void Linking.openSettings()}
                  />
                )
              ) : null}
            </View>
          )}
          <TextField
            label={typedOnly ? t("onboarding.voice.yourAnswer") : t("onboarding.voice.orTypeYourAnswer")}
            value={typed}
            onChangeText={setTyped}
            maxLength={5000}
            multiline
            textAlignVertical="top"
            style={[styles.typed, { color: c.text, borderColor: c.border, backgroundColor: c.inputBg }]}
          />
          <Button
            label={t("onboarding.voice.sendAnswer")}
            variant={typedOnly ? "primary" : "secondary"}
            busy={busy && mic !== "transcribing"}
            disabled={busy || !typed.trim() || offlineBlocked}
            onPress={() => void send(typed.trim())}
          />
          {result && result.missing.length > 0 ? (
            <View style={{ gap: space.xs }}>
              <Text style={[styles.subheading, { color: c.text }]}>{t("onboarding.voice.stillToTellUs")}</Text>
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
        <Card title={t("onboarding.voice.checkWhatWeUnderstood")} testID="voice-review">
          <Body muted>{t("onboarding.voice.correctAnythingThatIs")}</Body>
          {review.fields.length === 0 && goals.length === 0 ? <Body muted>{t("onboarding.voice.nothingYetAnswerAbove")}</Body> : null}
          {review.fields.map((f) => {
            const heard = result.fields[f.name];
            const change = result.proposal?.preview.changes.find((x) => x.field === f.name);
            const before = change?.before;
            return (
              <View key={f.name} testID={`voice-field-${f.name}`} style={[styles.fieldBox, { borderColor: c.border }]}>
                <Field field={f} value={values[f.name]} error={errors[f.name]} onChange={onChange} />
                {heard ? (
                  <Text style={[styles.small, { color: c.muted }]}>
                    {t("onboarding.voice.heard", { heard: heard.heard })}
                    {before !== null && before !== undefined
                      ? ` ${t("onboarding.voice.nowSaved", { before: savedText(f, before, privacy, (v) => fmt.money(v)) })}`
                      : ""}
                  </Text>
                ) : null}
                {heard && heard.confidence < LOW_CONFIDENCE ? <PleaseCheck /> : null}
              </View>
            );
          })}
          {goals.length > 0 ? (
            <View style={{ gap: space.sm }}>
              <Text accessibilityRole="header" style={[styles.subheading, { color: c.text }]}>
                {t("onboarding.voice.goals")}
              </Text>
              {goals.map((g, i) => (
                <View key={`${g.name}-${i}`} style={[styles.goal, { borderColor: c.border }]}>
                  <Text style={[styles.goalText, { color: c.text }]}>
                    {t("onboarding.voice.goalAmount", { name: g.name, amount: privacy ? HIDDEN : fmt.money(Number(g.target_amount ?? 0)) })}
                    {g.target_date ? t("onboarding.voice.by", { target_date: g.target_date }) : ""}
                  </Text>
                  <Button
                    label={t("onboarding.voice.removeGoal", { name: g.name })}
                    variant="secondary"
                    onPress={() => setGoals((gs) => gs.filter((_, j) => j !== i))}
                  />
                </View>
              ))}
            </View>
          ) : null}
          <Button label={t("onboarding.voice.discard")} variant="secondary" disabled={busy} onPress={() => void confirm(false)} />
          <Button
            label={t("onboarding.voice.saveTheseDetails")}
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
  const t = useT();
  const undo = useUndoCoachChange();
  const summary = usePrivateText(change.summary);
  return (
    <View style={[styles.savedLine, { borderColor: c.border }]} testID="voice-saved-change">
      <Text style={[styles.savedText, { color: undo.isSuccess ? c.muted : c.text }]}>{summary}</Text>
      {undo.isSuccess ? (
        <Text accessibilityLiveRegion="polite" style={{ color: c.success }}>
          {t("onboarding.voice.undone")}
        </Text>
      ) : (
        <Button
          label={undo.isPending ? t("coach.messageParts.undoing") : t("onboarding.voice.undo")}
          variant="secondary"
          busy={undo.isPending}
          onPress={() => undo.mutate(change.change_id)}
        />
      )}
      {undo.isError ? <Text accessibilityRole="alert" style={{ color: c.danger }}>{undo.error.message}</Text> : null}
    </View>
  );
}

export function VoiceOnboardingScreen() {
  const { session, loading } = useAuth();
  const t = useT();
  return (
    <Screen>
      <View testID="onboarding-voice" style={{ gap: space.sm }}>
        <Heading>{t("onboarding.voice.voiceSetup")}</Heading>
        <Body muted>{t("app.voice.intro")}</Body>
      </View>
      {loading ? <Loading label={t("shell.guards.checkingYourSession")} /> : session ? <VoiceSetup /> : <SignedOutCard />}
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
