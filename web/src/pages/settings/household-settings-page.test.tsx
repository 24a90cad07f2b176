/** The household settings page against a stub of the transport layer: what it shows before a first save, the body
 * it sends for you and a partner, and where the API's 422 lands. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import HouseholdSettingsPage from "@/pages/settings/household-settings-page";
import { renderPage, stubApi } from "@/test/page-test-utils";

// Typing into many fields is slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.restoreAllMocks());

const member = (extra: Record<string, unknown>) => ({
  id: null, updated_at: null, name: null, birth_date: null, employment_income: null, retirement_age: null, cpp_start_age: 65, cpp_at_65: null,
  oas_start_age: 65, oas_residence_years: 40, pension: null, pension_start_age: 65, pension_indexation: 1, planned_death_age: null, ...extra,
});

const DEFAULTS = { cpp_start_age: 65, oas_start_age: 65, oas_residence_years: 40, pension_start_age: 65, pension_indexation: 1 };

describe("household settings", () => {
  it("shows the assumed household with its defaults, adds a partner and saves both", async () => {
    let saved: { members: Record<string, unknown>[]; saved: boolean } = { members: [member({ role: "self", name: "Sam" })], saved: false };
    const api = stubApi({
      "GET /api/v1/household": () => ({ body: saved }),
      "PUT /api/v1/household": (b) => {
        saved = { members: (b as { members: Record<string, unknown>[] }).members.map((m) => member({ ...m, id: "x" })), saved: true };
        return { body: saved };
      },
    });
    renderPage(<HouseholdSettingsPage />);
    const you = await screen.findByRole("region", { name: "You" });
    expect(screen.getByTestId("household-assumed")).toHaveTextContent("These figures are assumed from your profile and income until you save.");
    expect(within(you).getByLabelText("Name")).toHaveValue("Sam");
    expect(within(you).getByLabelText("CPP start age")).toHaveValue("65");
    expect(within(you).getByLabelText("Years in Canada after 18")).toHaveValue("40");
    expect(within(you).getByLabelText("Share of inflation the pension rises by")).toHaveValue("100");
    // Hints are read with their field.
    const cpp65 = within(you).getByLabelText("CPP at 65 per month");
    expect(cpp65).toHaveAccessibleDescription("From your My Service Canada statement; leave blank to estimate from your pay");
    expect(screen.queryByRole("region", { name: "Partner" })).toBeNull();

    await userEvent.type(within(you).getByLabelText("Birth date"), "1985-04-12");
    await userEvent.type(within(you).getByLabelText("Employment income per year"), "95,000");
    await userEvent.type(within(you).getByLabelText("Retirement age"), "58");
    await userEvent.clear(within(you).getByLabelText("CPP start age"));
    await userEvent.type(within(you).getByLabelText("CPP start age"), "62.5");
    await userEvent.type(cpp65, "1100");

    await userEvent.click(screen.getByRole("button", { name: "Add partner" }));
    const partner = await screen.findByRole("region", { name: "Partner" });
    await waitFor(() => expect(within(partner).getByLabelText("Name")).toHaveFocus());
    expect(within(partner).getByLabelText("OAS start age")).toHaveValue("65");
    await userEvent.type(within(partner).getByLabelText("Name"), "Alex");
    await userEvent.type(within(partner).getByLabelText("Employment income per year"), "72000");
    await userEvent.type(within(partner).getByLabelText("Defined-benefit pension per year"), "24000");
    await userEvent.clear(within(partner).getByLabelText("Share of inflation the pension rises by"));
    await userEvent.type(within(partner).getByLabelText("Share of inflation the pension rises by"), "50");
    // An emptied field with an API default is sent as that default.
    await userEvent.clear(within(partner).getByLabelText("Years in Canada after 18"));

    await userEvent.click(screen.getByRole("button", { name: "Save household" }));
    expect(await screen.findByText("Household saved successfully")).toBeInTheDocument();
    expect(api.calls("PUT", "/api/v1/household")[0].body).toEqual({
      members: [
        {
          role: "self", name: "Sam", birth_date: "1985-04-12", employment_income: 95000, retirement_age: 58, cpp_start_age: 62.5, cpp_at_65: 1100,
          oas_start_age: 65, oas_residence_years: 40, pension: null, pension_start_age: 65, pension_indexation: 1, planned_death_age: null,
        },
        {
          role: "partner", name: "Alex", birth_date: null, employment_income: 72000, retirement_age: null, ...DEFAULTS, cpp_at_65: null,
          pension: 24000, pension_indexation: 0.5, planned_death_age: null,
        },
      ],
    });
    // The household is read again (the banner goes), and the save is recorded.
    await waitFor(() => expect(screen.queryByTestId("household-assumed")).toBeNull());
    expect(api.calls("GET", "/api/v1/household")).toHaveLength(2);
    expect(api.events()).toContainEqual(expect.objectContaining({ event_type: "form_submit", event_name: "settings_household" }));
  });

  it("shows the API's 422 beside the partner's field and focuses it", async () => {
    stubApi({
      "GET /api/v1/household": { body: { members: [member({ role: "self", id: "a" }), member({ role: "partner", id: "b", name: "Alex" })], saved: true } },
      "PUT /api/v1/household": {
        status: 422, body: { code: "validation_error", message: "members.1.birth_date: is in the future", details: [{ field: "members.1.birth_date" }] },
      },
    });
    renderPage(<HouseholdSettingsPage />);
    const partner = await screen.findByRole("region", { name: "Partner" });
    expect(screen.queryByTestId("household-assumed")).toBeNull();
    const birth = within(partner).getByLabelText("Birth date");
    await userEvent.type(birth, "2090-01-01");
    await userEvent.click(screen.getByRole("button", { name: "Save household" }));
    expect(await screen.findByText("Failed to save household")).toBeInTheDocument();
    expect(await within(partner).findByText("Birth date: is in the future")).toBeInTheDocument();
    expect(birth).toHaveAttribute("aria-invalid", "true");
    expect(birth.getAttribute("aria-describedby")).toContain("household-partner-birth_date-error");
    await waitFor(() => expect(birth).toHaveFocus());
    expect(within(screen.getByRole("region", { name: "You" })).getByLabelText("Birth date")).not.toHaveAttribute("aria-invalid");
  });

  it("checks bounds by their field before sending, and a removed partner is left out of the save", async () => {
    const api = stubApi({
      "GET /api/v1/household": { body: { members: [member({ role: "self", id: "a" }), member({ role: "partner", id: "b" })], saved: true } },
      "PUT /api/v1/household": (b) => ({ body: { ...(b as object), saved: true } }),
    });
    renderPage(<HouseholdSettingsPage />);
    const you = await screen.findByRole("region", { name: "You" });
    const cpp = within(you).getByLabelText("CPP start age");
    await userEvent.clear(cpp);
    await userEvent.type(cpp, "72");
    await userEvent.click(screen.getByRole("button", { name: "Save household" }));
    expect(await within(you).findByText("CPP start age must be between 60 and 70")).toBeInTheDocument();
    await waitFor(() => expect(cpp).toHaveFocus());
    expect(api.calls("PUT")).toHaveLength(0);
    await userEvent.clear(cpp);
    await userEvent.type(cpp, "70");

    await userEvent.click(screen.getByRole("button", { name: "Remove partner" }));
    expect(screen.queryByRole("region", { name: "Partner" })).toBeNull();
    expect(screen.getByText("Your partner will be removed from the plan when you save.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Add partner" })).toHaveFocus());
    await userEvent.click(screen.getByRole("button", { name: "Save household" }));
    await waitFor(() => expect(api.calls("PUT")).toHaveLength(1));
    const body = api.calls("PUT")[0].body as { members: { role: string; cpp_start_age: number }[] };
    expect(body.members).toHaveLength(1);
    expect(body.members[0]).toMatchObject({ role: "self", cpp_start_age: 70 });
  });

  it("says so when the household cannot be loaded", async () => {
    stubApi({ "GET /api/v1/household": { status: 500, body: { code: "internal", message: "boom" } } });
    renderPage(<HouseholdSettingsPage />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load household. Try again");
  });
});
