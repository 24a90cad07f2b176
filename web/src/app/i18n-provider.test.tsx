import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider, initialLocale, LOCALE_STORAGE_KEY, LocaleSync } from "@/app/i18n-provider";
import { LanguageSwitch } from "@/components/layout/language-switch";
import { api } from "@/lib/api";
import { useFormat, useT } from "@/lib/i18n";
import { authState, fakeUser, WithAuth } from "@/test/auth";

function Probe() {
  const t = useT();
  const fmt = useFormat();
  return <p data-testid="probe">{t("nav.dashboard")} · {fmt.money(1234.56)}</p>;
}

function renderWith(children: ReactNode, { user = null as ReturnType<typeof fakeUser> | null } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider>
        <WithAuth value={authState({ user })}>{children}</WithAuth>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, "languages", "get").mockReturnValue(languages);
}

afterEach(() => {
  localStorage.removeItem(LOCALE_STORAGE_KEY);
  document.documentElement.lang = "";
  vi.restoreAllMocks();
});

describe("the language of the web client", () => {
  it("follows the browser on a first visit: French loads on demand, money and <html lang> follow", async () => {
    browserLanguages(["fr-FR", "en"]);
    expect(initialLocale()).toBe("fr-CA");
    renderWith(<Probe />);
    expect((await screen.findByTestId("probe")).textContent).toBe("Tableau de bord FIRE · 1\u00a0234,56\u00a0$");
    await waitFor(() => expect(document.documentElement.lang).toBe("fr-CA"));
  });

  it("keeps English for an English or other browser, and a choice saved in this browser wins over it", async () => {
    browserLanguages(["de-DE"]);
    expect(initialLocale()).toBe("en-CA");
    localStorage.setItem(LOCALE_STORAGE_KEY, "fr-CA");
    expect(initialLocale()).toBe("fr-CA");
    localStorage.setItem(LOCALE_STORAGE_KEY, "en-CA");
    browserLanguages(["fr-CA"]);
    renderWith(<Probe />);
    expect(screen.getByTestId("probe")).toHaveTextContent("FIRE Dashboard · $1,234.56");
    await waitFor(() => expect(document.documentElement.lang).toBe("en-CA"));
  });

  it("switches with a labelled button in the other language, remembers it and asks the API in it", async () => {
    browserLanguages(["en-CA"]);
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({}));
    renderWith(<><Probe /><LanguageSwitch /></>);
    const button = screen.getByRole("button", { name: "Français" });
    expect(button.querySelector("[lang]")).toHaveAttribute("lang", "fr-CA");
    await userEvent.click(button);
    expect(await screen.findByTestId("probe")).toHaveTextContent("Tableau de bord FIRE");
    expect(screen.getByRole("button", { name: "English" })).toBeInTheDocument();
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe("fr-CA");
    await api.GET("/api/v1/preferences");
    const sent = fetch.mock.calls.at(-1)?.[0] as Request;
    expect(sent.headers.get("Accept-Language")).toBe("fr-CA");
  });

  it("signed in, saves the switch to the account's preferences", async () => {
    browserLanguages(["en-CA"]);
    const bodies: unknown[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const request = input as Request;
      if (request.method === "PATCH") bodies.push(await request.json());
      return Response.json({ locale: "fr-CA", created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-02T00:00:00Z" });
    });
    renderWith(<LanguageSwitch />, { user: fakeUser() });
    await userEvent.click(screen.getByRole("button", { name: "Français" }));
    await waitFor(() => expect(bodies).toEqual([{ locale: "fr-CA" }]));
  });

  it("asks again for what the server wrote when the language changes", async () => {
    browserLanguages(["en-CA"]);
    const asked: (string | null)[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const request = input as Request;
      asked.push(request.headers.get("Accept-Language"));
      return Response.json({ headline: request.headers.get("Accept-Language") === "fr-CA" ? "En français" : "In English" });
    });
    function Headline() {
      const summary = useQuery({
        queryKey: ["plan", "summary"],
        queryFn: async () => (await api.GET("/api/v1/plan/summary")).data as unknown as { headline: string },
      });
      return <p data-testid="headline">{summary.data?.headline}</p>;
    }
    renderWith(<><Headline /><LanguageSwitch /><LocaleSync /></>);
    await waitFor(() => expect(screen.getByTestId("headline")).toHaveTextContent("In English"));
    await userEvent.click(screen.getByRole("button", { name: "Français" }));
    await waitFor(() => expect(screen.getByTestId("headline")).toHaveTextContent("En français"));
    expect(asked).toEqual(["en-CA", "fr-CA"]);
  });

  it("signed in, takes the language saved in the account", async () => {
    browserLanguages(["en-CA"]);
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      Response.json({ locale: "fr-CA", created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-02T00:00:00Z" }),
    );
    renderWith(<><Probe /><LocaleSync /></>, { user: fakeUser() });
    expect(await screen.findByText(/Tableau de bord FIRE/)).toBeInTheDocument();
  });
});
