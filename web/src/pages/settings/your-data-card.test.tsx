/** The "Your data" card against a stub of the transport layer: the import sends the chosen file's JSON only after the
 * confirmation and shows what was restored; the API's refusal and a file that is not JSON are shown as alerts. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { YourDataCard } from "@/pages/settings/your-data-card";
import { renderPage, stubApi } from "@/test/page-test-utils";

afterEach(() => vi.restoreAllMocks());

const EXPORT = { format_version: 1, exported_at: "2026-11-28T00:00:00+00:00", income: { monthly_take_home: "7120.00" } };
const jsonFile = (text: string, name = "firepath-export-2026-11-28.json") => new File([text], name, { type: "application/json" });

describe("your data card", () => {
  it("imports the chosen file after confirming and says what was restored", async () => {
    const api = stubApi({
      "POST /api/v1/me/import": {
        body: { restored: { income: 1, accounts: 0 }, not_restored: { coach_conversations: 0 }, message: "Imported 1 saved item." },
      },
    });
    const user = userEvent.setup();
    renderPage(<YourDataCard />);
    const importButton = screen.getByRole("button", { name: "Import this file" });
    expect(importButton).toBeDisabled();
    await user.upload(screen.getByLabelText("Export file (.json)"), jsonFile(JSON.stringify(EXPORT)));
    await user.click(importButton);
    const dialog = await screen.findByRole("dialog", { name: "Import firepath-export-2026-11-28.json?" });
    expect(api.calls("POST", "/api/v1/me/import")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Import" }));
    await waitFor(() => expect(screen.getAllByRole("status").some((s) => /Imported 1 saved item\./.test(s.textContent ?? ""))).toBe(true));
    expect(api.calls("POST", "/api/v1/me/import")[0].body).toEqual(EXPORT);
  });

  it("shows the API's refusal of an account that has data", async () => {
    stubApi({
      "POST /api/v1/me/import": { status: 409, body: { code: "account_not_empty", message: "This account already has saved data." } },
    });
    const user = userEvent.setup();
    renderPage(<YourDataCard />);
    await user.upload(screen.getByLabelText("Export file (.json)"), jsonFile(JSON.stringify(EXPORT)));
    await user.click(screen.getByRole("button", { name: "Import this file" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Import" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This account already has saved data.");
  });

  it("names a file that is not JSON without sending it", async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderPage(<YourDataCard />);
    await user.upload(screen.getByLabelText("Export file (.json)"), jsonFile("my notes", "notes.json"));
    await user.click(screen.getByRole("button", { name: "Import this file" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Import" }));
    expect(await screen.findByRole("alert")).toHaveTextContent('notes.json is not a JSON file. Choose the .json file that "Download JSON" saved.');
    expect(api.calls("POST", "/api/v1/me/import")).toHaveLength(0);
  });
});
