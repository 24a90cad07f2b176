import { act, fireEvent, screen, waitFor, within } from "@testing-library/react-native";
import { onlineManager } from "@tanstack/react-query";
import { router } from "expo-router";
import { fakeAuth, renderScreen, stubApi } from "@/test/utils";
import { MAX_SECONDS } from "@firepath/shared/voice-fields";
import { VoiceOnboardingScreen } from "./voice-onboarding-screen";

jest.mock("expo-router", () => ({ router: { push: jest.fn(), replace: jest.fn() } }));
jest.mock("@/lib/auth", () => ({ getAccessToken: jest.fn(async () => "test-access-token") }));

/** A fake expo-audio: the file recorder (iOS in these tests) gives a WAV file's URI when it stops. */
const mockRecorder = {
  uri: null as string | null,
  prepareToRecordAsync: jest.fn(async () => undefined),
  record: jest.fn(),
  stop: jest.fn(async () => {
    mockRecorder.uri = "file:///data/cache/ExpoAudio/recording-1.wav";
  }),
};
const mockPermission = { granted: true, canAskAgain: true, status: "granted" };
jest.mock("expo-audio", () => ({
  useAudioRecorder: () => mockRecorder,
  useAudioStream: () => ({ stream: { start: jest.fn(), stop: jest.fn() }, isStreaming: false }),
  requestRecordingPermissionsAsync: jest.fn(async () => mockPermission),
  setAudioModeAsync: jest.fn(async () => undefined),
}));

/** React Native's FormData keeps a file part as the {uri, name, type} object it was given. */
class NativeFormData {
  parts: [string, unknown][] = [];
  append(name: string, value: unknown) {
    this.parts.push([name, value]);
  }
}

const THREAD = "7f0c7c7e-1111-4222-8333-944444444444";
const TRANSCRIBE = "/api/v1/voice/transcribe";
const TURN = "/api/v1/voice/onboarding";
const CONFIRM = `/api/v1/voice/onboarding/${THREAD}/confirm`;

const HEARD = {
  thread_id: THREAD,
  status: "proposed",
  transcript: ["I am 35 and live in Ontario, my rent is about 2000"],
  fields: {
    age: { value: 35, confidence: 0.95, heard: "I am 35" },
    province: { value: "ON", confidence: 0.95, heard: "Ontario" },
    rent_mortgage: { value: 2000, confidence: 0.5, heard: "my rent is about 2000" },
  },
  goals: [{ name: "House", category: "home", target_amount: 80000, target_date: "2030-01-01" }],
  missing: [{ field: "monthly_take_home", question: "What is your take-home pay each month?" }],
  proposal: {
    type: "approval",
    preview: {
      title: "Save your details",
      changes: [
        { field: "age", label: "Age", target: "profile", before: 34, after: 35 },
        { field: "rent_mortgage", label: "Rent or mortgage", target: "expenses", before: 1800, after: 2000 },
      ],
      fields: { age: 35, province: "ON", rent_mortgage: 2000 },
    },
  },
};

const RENT_CHANGE = "7c6f1a52-6f0e-4c55-9b57-2f0d6b5c1a01";
const SAVED = {
  ...HEARD, status: "saved", proposal: null,
  saved: { changes: [{ change_id: RENT_CHANGE, summary: "Change your rent or mortgage payment: Rent or mortgage $0 → $2,150" }] },
};

type Spy = ReturnType<typeof stubApi>["spy"];

/** The requests sent to a path: [init for fetch(url, init) calls, or the Request the typed client built]. */
function requestsTo(spy: Spy, path: string): { init?: RequestInit; request?: Request }[] {
  return spy.mock.calls
    .filter(([input]) => new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url).pathname === path)
    .map(([input, init]) => (input instanceof Request ? { request: input } : { init }));
}

async function jsonSentTo(spy: Spy, path: string): Promise<unknown[]> {
  return Promise.all(requestsTo(spy, path).map(async (r) => (r.request ? r.request.clone().json() : JSON.parse(String(r.init?.body)))));
}

const realFormData = globalThis.FormData;

beforeEach(() => {
  globalThis.FormData = NativeFormData as unknown as typeof FormData;
  mockRecorder.uri = null;
  mockPermission.granted = true;
  mockPermission.canAskAgain = true;
  mockPermission.status = "granted";
});

afterEach(() => {
  globalThis.FormData = realFormData;
  jest.restoreAllMocks();
  jest.clearAllMocks();
  jest.useRealTimers();
  onlineManager.setOnline(true);
});

async function recordAndStop() {
  fireEvent.press(screen.getByRole("button", { name: "Start recording" }));
  const stop = await screen.findByRole("button", { name: "Stop recording" });
  fireEvent.press(stop);
}

test("recording then stopping uploads the WAV to /api/v1/voice/transcribe with the bearer token, then reads the transcript", async () => {
  const api = stubApi({
    [`POST ${TRANSCRIBE}`]: { body: { text: "I am 35 and live in Ontario, my rent is about 2000", engine: "whisper-base", duration_seconds: 4.2 } },
    [`POST ${TURN}`]: { body: HEARD },
  });
  renderScreen(<VoiceOnboardingScreen />);

  fireEvent.press(screen.getByRole("button", { name: "Start recording" }));
  expect(await screen.findByRole("button", { name: "Stop recording" })).toBeTruthy();
  expect(screen.getByLabelText("0 seconds recorded")).toHaveTextContent("0:00 / 1:50");
  expect(screen.getByTestId("voice-status")).toHaveTextContent(/Recording\. Tell us your age/);
  expect(mockRecorder.prepareToRecordAsync).toHaveBeenCalled();
  expect(mockRecorder.record).toHaveBeenCalled();
  expect(api.sent).toHaveLength(0);

  fireEvent.press(screen.getByRole("button", { name: "Stop recording" }));
  expect(await screen.findByTestId("voice-review")).toBeTruthy();

  const [upload] = requestsTo(api.spy, TRANSCRIBE);
  expect(upload?.init?.method).toBe("POST");
  expect((upload?.init?.headers as Record<string, string>).Authorization).toBe("Bearer test-access-token");
  expect((upload?.init?.body as unknown as NativeFormData).parts).toEqual([
    ["file", { uri: "file:///data/cache/ExpoAudio/recording-1.wav", name: "recording.wav", type: "audio/wav" }],
  ]);
  expect(await jsonSentTo(api.spy, TURN)).toEqual([{ text: "I am 35 and live in Ontario, my rent is about 2000", thread_id: null }]);
  expect(requestsTo(api.spy, TURN)[0]?.request?.headers.get("Authorization")).toBe("Bearer test-access-token");
});

test("the heard fields show one by one with what was heard, what is saved now, and a Please check flag when unsure", async () => {
  stubApi({
    [`POST ${TRANSCRIBE}`]: { body: { text: "I am 35 and live in Ontario, my rent is about 2000", engine: "whisper-base", duration_seconds: 4.2 } },
    [`POST ${TURN}`]: { body: HEARD },
  });
  renderScreen(<VoiceOnboardingScreen />);
  await recordAndStop();
  await screen.findByTestId("voice-review");

  expect(screen.getByTestId("voice-status")).toHaveTextContent("We understood 4 details. Please check them below.");
  const age = screen.getByTestId("voice-field-age");
  expect(within(age).getByLabelText("Age").props.value).toBe("35");
  expect(age).toHaveTextContent(/Heard: “I am 35” · now saved: 34/);
  expect(within(age).queryByText("Please check")).toBeNull();

  const rent = screen.getByTestId("voice-field-rent_mortgage");
  expect(within(rent).getByLabelText("Rent or mortgage per month").props.value).toBe("2000");
  expect(rent).toHaveTextContent(/Heard: “my rent is about 2000” · now saved: \$1,800\.00/);
  expect(within(rent).getByText("Please check")).toBeTruthy();
  expect(screen.getAllByText("Please check")).toHaveLength(1);

  const province = screen.getByTestId("voice-field-province");
  expect(within(province).getByRole("button", { name: "Ontario" }).props.accessibilityState).toMatchObject({ selected: true });
  expect(screen.queryByTestId("voice-field-annual_salary")).toBeNull();
  expect(screen.getByText(/House: \$80,000\.00 by 2030-01-01/)).toBeTruthy();
  expect(screen.getByTestId("voice-missing")).toHaveTextContent(/What is your take-home pay each month\?/);
  expect(screen.getByRole("button", { name: "Record another answer" })).toBeTruthy();
});

test("editing a field and confirming sends the edited values through the approval, then refreshes the plan and settings", async () => {
  const api = stubApi({
    [`POST ${TRANSCRIBE}`]: { body: { text: "I am 35 and live in Ontario, my rent is about 2000", engine: "whisper-base", duration_seconds: 4.2 } },
    [`POST ${TURN}`]: { body: HEARD },
    [`POST ${CONFIRM}`]: { body: SAVED },
  });
  const { client } = renderScreen(<VoiceOnboardingScreen />);
  const invalidate = jest.spyOn(client, "invalidateQueries");
  await recordAndStop();
  await screen.findByTestId("voice-review");

  fireEvent.changeText(screen.getByLabelText("Rent or mortgage per month"), "2,150");
  fireEvent.changeText(screen.getByLabelText("Age"), "");
  fireEvent.press(screen.getByRole("button", { name: "Save these details" }));

  expect(await screen.findByTestId("voice-saved")).toHaveTextContent(/Saved to your plan/);
  expect(await jsonSentTo(api.spy, CONFIRM)).toEqual([
    {
      approved: true,
      fields: {
        age: null,
        province: "ON",
        rent_mortgage: 2150,
        goals: [{ name: "House", category: "home", target_amount: 80000, target_date: "2030-01-01" }],
      },
    },
  ]);
  expect(invalidate).toHaveBeenCalledWith({ queryKey: ["plan"] });
  expect(invalidate).toHaveBeenCalledWith({ queryKey: ["settings"] });

  fireEvent.press(screen.getByRole("button", { name: "Go to your dashboard" }));
  expect(router.replace).toHaveBeenCalledWith("/");
});

test("what was saved is listed one change at a time, each with Undo (the coach's change record)", async () => {
  const api = stubApi({
    [`POST ${TURN}`]: { body: HEARD },
    [`POST ${CONFIRM}`]: { body: SAVED },
    [`POST /api/v1/coach/changes/${RENT_CHANGE}/undo`]: { body: { id: RENT_CHANGE, undone_at: "2026-11-29T10:00:00Z" } },
  });
  renderScreen(<VoiceOnboardingScreen />);
  fireEvent.changeText(screen.getByLabelText("Or type your answer"), "my rent is 2150");
  fireEvent.press(screen.getByRole("button", { name: "Send answer" }));
  await screen.findByTestId("voice-review");
  fireEvent.press(screen.getByRole("button", { name: "Save these details" }));
  const line = await screen.findByTestId("voice-saved-change");
  expect(line).toHaveTextContent(/Rent or mortgage \$0 → \$2,150/);
  fireEvent.press(screen.getByRole("button", { name: "Undo" }));
  expect(await screen.findByText("Undone")).toBeTruthy();
  expect(requestsTo(api.spy, `/api/v1/coach/changes/${RENT_CHANGE}/undo`)).toHaveLength(1);
});

test("a value that cannot be saved shows the field's message and sends nothing; a removed goal is left out", async () => {
  const api = stubApi({
    [`POST ${TURN}`]: { body: HEARD },
    [`POST ${CONFIRM}`]: { body: SAVED },
  });
  renderScreen(<VoiceOnboardingScreen />);
  fireEvent.changeText(screen.getByLabelText("Or type your answer"), "I am 35 and live in Ontario");
  fireEvent.press(screen.getByRole("button", { name: "Send answer" }));
  await screen.findByTestId("voice-review");

  fireEvent.changeText(screen.getByLabelText("Age"), "thirty");
  fireEvent.press(screen.getByRole("button", { name: "Remove goal House" }));
  fireEvent.press(screen.getByRole("button", { name: "Save these details" }));
  expect(await screen.findByText("Age must be a number")).toBeTruthy();
  expect(requestsTo(api.spy, CONFIRM)).toHaveLength(0);

  fireEvent.changeText(screen.getByLabelText("Age"), "36");
  fireEvent.press(screen.getByRole("button", { name: "Save these details" }));
  await screen.findByTestId("voice-saved");
  expect(await jsonSentTo(api.spy, CONFIRM)).toEqual([
    { approved: true, fields: { age: 36, province: "ON", rent_mortgage: 2000, goals: [] } },
  ]);
});

test("typing the answer instead of speaking sends it as the conversation's text, and the next answer continues the thread", async () => {
  const api = stubApi({ [`POST ${TURN}`]: { body: HEARD } });
  renderScreen(<VoiceOnboardingScreen />);
  const send = screen.getByRole("button", { name: "Send answer" });
  expect(send.props.accessibilityState).toMatchObject({ disabled: true });

  fireEvent.changeText(screen.getByLabelText("Or type your answer"), "  I am 35 and live in Ontario  ");
  fireEvent.press(screen.getByRole("button", { name: "Send answer" }));
  await screen.findByTestId("voice-review");
  expect(screen.getByText("Tell us more")).toBeTruthy();

  fireEvent.changeText(screen.getByLabelText("Or type your answer"), "I take home 5200 a month");
  fireEvent.press(screen.getByRole("button", { name: "Send answer" }));
  await waitFor(() => expect(requestsTo(api.spy, TURN)).toHaveLength(2));
  expect(await jsonSentTo(api.spy, TURN)).toEqual([
    { text: "I am 35 and live in Ontario", thread_id: null },
    { text: "I take home 5200 a month", thread_id: THREAD },
  ]);
  expect(requestsTo(api.spy, TRANSCRIBE)).toHaveLength(0);
});

test("a 422 audio_empty shows the server's message and lets the person record again", async () => {
  const message = "We couldn't hear anything in the recording. Check the microphone and try again, or type your answer.";
  const api = stubApi({
    [`POST ${TRANSCRIBE}`]: { status: 422, body: { code: "audio_empty", message, details: { engine: "whisper-base" } } },
  });
  renderScreen(<VoiceOnboardingScreen />);
  await recordAndStop();

  expect(await screen.findByText(message)).toBeTruthy();
  expect(screen.getByRole("alert")).toHaveTextContent(message);
  expect(requestsTo(api.spy, TURN)).toHaveLength(0);
  const again = screen.getByRole("button", { name: "Start recording" });
  expect(again.props.accessibilityState).toMatchObject({ disabled: false });

  fireEvent.press(again);
  expect(await screen.findByRole("button", { name: "Stop recording" })).toBeTruthy();
  expect(screen.queryByText(message)).toBeNull();
  expect(mockRecorder.record).toHaveBeenCalledTimes(2);
});

test("a refused microphone permission explains why and offers typing, and sends nothing", async () => {
  mockPermission.granted = false;
  mockPermission.canAskAgain = false;
  mockPermission.status = "denied";
  const api = stubApi({});
  renderScreen(<VoiceOnboardingScreen />);

  fireEvent.press(screen.getByRole("button", { name: "Start recording" }));
  expect(await screen.findByText("Microphone permission was refused. You can type your answers instead.")).toBeTruthy();
  expect(screen.getByTestId("voice-typed-only")).toHaveTextContent("Microphone access was refused: type your answers below instead.");
  expect(screen.queryByRole("button", { name: "Start recording" })).toBeNull();
  expect(screen.getByLabelText("Your answer")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Open Settings" })).toBeTruthy();
  expect(mockRecorder.prepareToRecordAsync).not.toHaveBeenCalled();
  expect(mockRecorder.record).not.toHaveBeenCalled();
  expect(api.spy).not.toHaveBeenCalled();
});

test("discarding the proposal saves nothing", async () => {
  const api = stubApi({
    [`POST ${TURN}`]: { body: HEARD },
    [`POST ${CONFIRM}`]: { body: { ...HEARD, status: "declined", proposal: null } },
  });
  renderScreen(<VoiceOnboardingScreen />);
  fireEvent.changeText(screen.getByLabelText("Or type your answer"), "I am 35");
  fireEvent.press(screen.getByRole("button", { name: "Send answer" }));
  await screen.findByTestId("voice-review");
  fireEvent.press(screen.getByRole("button", { name: "Discard" }));

  expect(await screen.findByText("Nothing was saved")).toBeTruthy();
  expect(screen.getByTestId("voice-status")).toHaveTextContent("Discarded. Nothing was saved.");
  expect(await jsonSentTo(api.spy, CONFIRM)).toEqual([{ approved: false, fields: null }]);
  expect(screen.queryByTestId("voice-review")).toBeNull();
  fireEvent.press(screen.getByRole("button", { name: "Start over" }));
  expect(screen.getByText("Tell us about your situation")).toBeTruthy();
});

test(`recording stops by itself at ${MAX_SECONDS} seconds and is uploaded`, async () => {
  jest.useFakeTimers();
  const api = stubApi({
    [`POST ${TRANSCRIBE}`]: { body: { text: "I am 35", engine: "whisper-base", duration_seconds: 110 } },
    [`POST ${TURN}`]: { body: HEARD },
  });
  renderScreen(<VoiceOnboardingScreen />);
  fireEvent.press(screen.getByRole("button", { name: "Start recording" }));
  await screen.findByRole("button", { name: "Stop recording" });
  await act(async () => {
    jest.advanceTimersByTime(65_000);
  });
  expect(screen.getByLabelText("65 seconds recorded")).toHaveTextContent("1:05 / 1:50");
  await act(async () => {
    jest.advanceTimersByTime(45_000);
  });
  await waitFor(() => expect(requestsTo(api.spy, TRANSCRIBE)).toHaveLength(1));
  expect(mockRecorder.stop).toHaveBeenCalledTimes(1);
});

test("offline, recording and sending wait for a connection", async () => {
  onlineManager.setOnline(false);
  stubApi({});
  renderScreen(<VoiceOnboardingScreen />);
  expect(await screen.findByTestId("voice-offline")).toHaveTextContent(/You're offline/);
  expect(screen.getByRole("button", { name: "Start recording" }).props.accessibilityState).toMatchObject({ disabled: true });
});

test("visitors who are not signed in are asked to create an account", async () => {
  renderScreen(<VoiceOnboardingScreen />, { auth: fakeAuth({ session: null }) });
  expect(await screen.findByText("Create your account first")).toBeTruthy();
  fireEvent.press(screen.getByRole("button", { name: "Create your free account" }));
  expect(router.push).toHaveBeenCalledWith("/sign-up");
});

describe("in French", () => {
  const french = { locale: "fr-CA" as const };

  test("recording, the heard fields and the goal in French, amounts in French money", async () => {
    stubApi({
      [`POST ${TRANSCRIBE}`]: { body: { text: "I am 35 and live in Ontario, my rent is about 2000", engine: "whisper-base", duration_seconds: 4.2 } },
      [`POST ${TURN}`]: { body: HEARD },
    });
    renderScreen(<VoiceOnboardingScreen />, french);
    expect(screen.getByText("Configuration vocale")).toBeTruthy();
    expect(screen.getByText("Parlez-nous de votre situation")).toBeTruthy();

    fireEvent.press(screen.getByRole("button", { name: "Commencer l’enregistrement" }));
    const stop = await screen.findByRole("button", { name: "Arrêter l’enregistrement" });
    expect(screen.getByLabelText("0 secondes enregistrées")).toHaveTextContent("0:00 / 1:50");
    expect(screen.getByTestId("voice-status")).toHaveTextContent(/Enregistrement en cours\. Dites-nous votre âge/);
    fireEvent.press(stop);
    await screen.findByTestId("voice-review");

    expect(screen.getByText("Vérifiez ce que nous avons compris")).toBeTruthy();
    expect(screen.getByTestId("voice-status")).toHaveTextContent("Nous avons compris 4 renseignements. Veuillez les vérifier ci-dessous.");
    const age = screen.getByTestId("voice-field-age");
    expect(within(age).getByLabelText("Âge").props.value).toBe("35");
    expect(age).toHaveTextContent(/Entendu : « I am 35 » · enregistré actuellement : 34/);
    const rent = screen.getByTestId("voice-field-rent_mortgage");
    expect(within(rent).getByLabelText("Loyer ou hypothèque par mois").props.value).toBe("2000");
    expect(rent).toHaveTextContent(/enregistré actuellement : 1 800,00 \$/);
    expect(within(rent).getByLabelText("À vérifier : nous ne sommes pas certains d’avoir bien entendu")).toHaveTextContent("À vérifier");
    expect(screen.getByText(/House : 80 000,00 \$ d’ici le 2030-01-01/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Retirer l’objectif House" })).toBeTruthy();
    expect(screen.getByText("Reste à nous dire")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enregistrer une autre réponse" })).toBeTruthy();
  });

  test("an amount typed the French way is saved, then the saved card and Undo speak French", async () => {
    const api = stubApi({
      [`POST ${TURN}`]: { body: HEARD },
      [`POST ${CONFIRM}`]: { body: SAVED },
      [`POST /api/v1/coach/changes/${RENT_CHANGE}/undo`]: { body: { id: RENT_CHANGE, undone_at: "2026-11-29T10:00:00Z" } },
    });
    renderScreen(<VoiceOnboardingScreen />, french);
    fireEvent.changeText(screen.getByLabelText("Ou tapez votre réponse"), "mon loyer est de 2 150,50");
    fireEvent.press(screen.getByRole("button", { name: "Envoyer la réponse" }));
    await screen.findByTestId("voice-review");
    fireEvent.changeText(screen.getByLabelText("Loyer ou hypothèque par mois"), "2 150,50");
    fireEvent.press(screen.getByRole("button", { name: "Enregistrer ces renseignements" }));

    expect(await screen.findByTestId("voice-saved")).toHaveTextContent(/Enregistré dans votre plan/);
    expect(await jsonSentTo(api.spy, CONFIRM)).toEqual([
      {
        approved: true,
        fields: {
          age: 35,
          province: "ON",
          rent_mortgage: 2150.5,
          goals: [{ name: "House", category: "home", target_amount: 80000, target_date: "2030-01-01" }],
        },
      },
    ]);
    expect(screen.getByRole("button", { name: "Aller à votre tableau de bord" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ajouter votre épargne" })).toBeTruthy();
    fireEvent.press(screen.getByRole("button", { name: "Annuler" }));
    expect(await screen.findByText("Annulé")).toBeTruthy();
  });

  test("a value that cannot be read is refused in French", async () => {
    const api = stubApi({ [`POST ${TURN}`]: { body: HEARD } });
    renderScreen(<VoiceOnboardingScreen />, french);
    fireEvent.changeText(screen.getByLabelText("Ou tapez votre réponse"), "J’ai 35 ans");
    fireEvent.press(screen.getByRole("button", { name: "Envoyer la réponse" }));
    await screen.findByTestId("voice-review");
    fireEvent.changeText(screen.getByLabelText("Âge"), "trente");
    fireEvent.press(screen.getByRole("button", { name: "Enregistrer ces renseignements" }));
    expect(await screen.findByText("Le champ « Âge » doit contenir un nombre")).toBeTruthy();
    expect(requestsTo(api.spy, CONFIRM)).toHaveLength(0);
  });

  test("a refused microphone, discarding, being offline and being signed out, in French", async () => {
    mockPermission.granted = false;
    mockPermission.canAskAgain = false;
    mockPermission.status = "denied";
    stubApi({});
    const { unmount } = renderScreen(<VoiceOnboardingScreen />, french);
    fireEvent.press(screen.getByRole("button", { name: "Commencer l’enregistrement" }));
    expect(await screen.findByText("L’autorisation du microphone a été refusée. Vous pouvez taper vos réponses.")).toBeTruthy();
    expect(screen.getByTestId("voice-typed-only")).toHaveTextContent("L’accès au microphone a été refusé : tapez plutôt vos réponses ci-dessous.");
    expect(screen.getByLabelText("Votre réponse")).toBeTruthy();
    const settings = screen.getByRole("button", { name: "Ouvrir les réglages" });
    expect(settings.props.accessibilityHint).toBe("Autorisez le microphone pour FIRE Path, puis revenez enregistrer.");
    unmount();

    onlineManager.setOnline(false);
    const offline = renderScreen(<VoiceOnboardingScreen />, french);
    expect(await screen.findByTestId("voice-offline")).toHaveTextContent(
      "Vous êtes hors ligne. La configuration vocale a besoin d’une connexion à votre serveur FIRE Path.",
    );
    offline.unmount();
    onlineManager.setOnline(true);

    renderScreen(<VoiceOnboardingScreen />, { ...french, auth: fakeAuth({ session: null }) });
    expect(await screen.findByText("Créez d’abord votre compte")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Créer votre compte gratuit" })).toBeTruthy();
  });

  test("discarding says nothing was saved, in French", async () => {
    stubApi({
      [`POST ${TURN}`]: { body: HEARD },
      [`POST ${CONFIRM}`]: { body: { ...HEARD, status: "declined", proposal: null } },
    });
    renderScreen(<VoiceOnboardingScreen />, french);
    fireEvent.changeText(screen.getByLabelText("Ou tapez votre réponse"), "J’ai 35 ans");
    fireEvent.press(screen.getByRole("button", { name: "Envoyer la réponse" }));
    await screen.findByTestId("voice-review");
    fireEvent.press(screen.getByRole("button", { name: "Abandonner" }));
    expect(await screen.findByText("Rien n’a été enregistré")).toBeTruthy();
    expect(screen.getByTestId("voice-status")).toHaveTextContent("Abandonné. Rien n’a été enregistré.");
    expect(screen.getByRole("button", { name: "Recommencer" })).toBeTruthy();
  });
});
