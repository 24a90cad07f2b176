import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { recordingMimeType } from "@/pages/onboarding/voice-api";
import { confirmBody, reviewFields } from "@firepath/shared/voice-fields";
import VoicePage from "@/pages/onboarding/voice-page";
import { authState, fakeUser, WithAuth } from "@/test/auth";

const heard = {
  thread_id: "7f0c7c7e-1111-4222-8333-944444444444",
  status: "proposed" as const,
  transcript: ["I am 35 and live in Ontario"],
  fields: {
    age: { value: 35, confidence: 0.95, heard: "I am 35" },
    province: { value: "ON", confidence: 0.95, heard: "Ontario" },
    rent_mortgage: { value: 2000, confidence: 0.9, heard: "my rent is 2,000" },
  },
  goals: [{ name: "House", category: "home", target_amount: 80000, target_date: "2030-01-01" }],
  missing: [],
  proposal: null,
};

describe("voice setup", () => {
  it("shows only the fields that were heard, in the page's order, as form text", () => {
    const { fields, values } = reviewFields(heard);
    expect(fields.map((f) => f.name)).toEqual(["age", "province", "rent_mortgage"]);
    expect(values).toEqual({ age: "35", province: "ON", rent_mortgage: "2000" });
  });

  it("confirms the edited values and the goals kept; a cleared field is sent as null", () => {
    const { fields } = reviewFields(heard);
    const body = confirmBody({ age: "36", province: "ON", rent_mortgage: "" }, fields, heard.goals);
    expect(body).toEqual({
      age: 36, province: "ON", rent_mortgage: null,
      goals: [{ name: "House", category: "home", target_amount: 80000, target_date: "2030-01-01" }],
    });
  });

  it("records WebM/Opus where the browser can, else Ogg/Opus", () => {
    expect(recordingMimeType(() => true)).toBe("audio/webm;codecs=opus");
    expect(recordingMimeType((t) => t.startsWith("audio/ogg"))).toBe("audio/ogg;codecs=opus");
    expect(recordingMimeType(() => false)).toBeUndefined();
  });

  it("offers typing when the browser cannot record", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <WithAuth value={authState({ user: fakeUser() })}>
          <MemoryRouter><VoicePage /></MemoryRouter>
        </WithAuth>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId("voice-typed-only").textContent).toMatch(/Recording is not available/);
    expect(screen.queryByRole("button", { name: /Start recording/ })).toBeNull();
    expect(screen.getByLabelText("Your answer")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Send answer" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("asks visitors who are not signed in to create an account", () => {
    render(
      <WithAuth value={authState()}>
        <MemoryRouter><VoicePage /></MemoryRouter>
      </WithAuth>,
    );
    expect(screen.getByRole("link", { name: "Create your free account" }).getAttribute("href")).toBe("/signup");
  });
});
