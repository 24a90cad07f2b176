/** The settings forms against a stub of the transport layer: what they show, check and send. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import AccountsSettingsPage from "@/pages/settings/accounts-settings-page";
import BudgetingSettingsPage from "@/pages/settings/budgeting-settings-page";
import CreditSettingsPage from "@/pages/settings/credit-settings-page";
import ExpensesSettingsPage from "@/pages/settings/expenses-settings-page";
import FuturePlansSettingsPage from "@/pages/settings/future-plans-settings-page";
import IncomeSettingsPage from "@/pages/settings/income-settings-page";
import { LOCAL_ACCOUNTS_KEY, LOCAL_PROPERTIES_KEY } from "@/pages/settings/local-migration";
import ProfileSettingsPage from "@/pages/settings/profile-settings-page";
import SavingsSettingsPage from "@/pages/settings/savings-settings-page";
import { renderPage, row, stubApi } from "@/test/page-test-utils";

// Typing into many fields is slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("income settings", () => {
  it("loads saved income, checks amounts by their field, and saves with the spec's toast", async () => {
    const api = stubApi({
      "GET /api/v1/income": { body: row({ annual_salary: 90000, monthly_take_home: 5000, secondary_income: null, side_hustle_income: null, partner_income: null, other_income: null }) },
      "PUT /api/v1/income": (body) => ({ body: row(body as Record<string, unknown>) }),
    });
    renderPage(<IncomeSettingsPage />);
    const takeHome = await screen.findByLabelText("Monthly take-home pay");
    expect(takeHome).toHaveValue("5000");
    expect(screen.getByTestId("income-total")).toHaveTextContent("$5,000.00");
    const other = screen.getByLabelText("Other income");
    await userEvent.type(other, "12,5");
    expect(screen.getByTestId("income-total")).toHaveTextContent("$5,000.00"); // not $5,125.00 before the save refuses it
    await userEvent.clear(other);

    const partner = screen.getByLabelText("Partner income");
    await userEvent.type(partner, "-20");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Partner income cannot be negative")).toBeInTheDocument();
    expect(partner).toHaveAttribute("aria-invalid", "true");
    expect(partner.getAttribute("aria-describedby")).toContain("income-partner_income-error");
    await waitFor(() => expect(partner).toHaveFocus());
    expect(api.calls("PUT")).toHaveLength(0);

    await userEvent.clear(partner);
    await userEvent.type(partner, "1,500");
    expect(screen.queryByText("Partner income cannot be negative")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Income data saved successfully")).toBeInTheDocument();
    expect(api.calls("PUT", "/api/v1/income")[0].body).toEqual({
      annual_salary: 90000, monthly_take_home: 5000, secondary_income: null, side_hustle_income: null, partner_income: 1500, other_income: null,
    });
    // The completion is refreshed and the save recorded as a form_submit event.
    await waitFor(() => expect(api.calls("GET", "/api/v1/completion").length).toBe(2));
    expect(api.events()).toContainEqual(expect.objectContaining({ event_type: "form_submit", event_name: "settings_income" }));
  });

  it("toasts 'Failed to load income data' when the load fails", async () => {
    stubApi({ "GET /api/v1/income": { status: 500, body: { code: "internal", message: "boom" } } });
    renderPage(<IncomeSettingsPage />);
    expect(await screen.findByText("Failed to load income data", { selector: "[data-title]" })).toBeInTheDocument();
  });
});

describe("profile settings", () => {
  it("shows the sign-in e-mail read-only, sends no second one, and shows the API's 422 by its field", async () => {
    const api = stubApi({
      "GET /api/v1/profile": { body: null },
      "PUT /api/v1/profile": { status: 422, body: { code: "validation_error", message: "city: too long", details: [{ field: "city", message: "String should have at most 100 characters" }] } },
    });
    renderPage(<ProfileSettingsPage />);
    expect(await screen.findByTestId("profile-email")).toHaveTextContent("Your e-mail: sam@example.com, the one you sign in with");
    expect(screen.queryByLabelText(/e-?mail/i)).toBeNull(); // no editable e-mail field
    expect(screen.getByLabelText("Country")).toHaveValue("Canada");
    await userEvent.type(screen.getByLabelText("First name"), "Sam");
    await userEvent.selectOptions(screen.getByLabelText("Province or territory"), "QC");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Failed to save profile")).toBeInTheDocument();
    expect(await screen.findByText("City: String should have at most 100 characters")).toBeInTheDocument();
    expect(api.calls("PUT")[0].body).toMatchObject({ first_name: "Sam", province: "QC", country: "Canada", age: null });
    expect(api.calls("PUT")[0].body).not.toHaveProperty("email");
  });
});

describe("expenses settings", () => {
  it("saves rent and the items of both tabs as one list, with bad habits marked", async () => {
    const api = stubApi({
      "GET /api/v1/expenses": { body: { user_id: "u", rent_mortgage: 1800, items: [], totals: { needs: 1800, wants: 0, bad_habits: 0, total: 1800 } } },
      "PUT /api/v1/expenses": { body: { user_id: "u", rent_mortgage: 1800, items: [], totals: { needs: 0, wants: 0, bad_habits: 0, total: 0 } } },
    });
    renderPage(<ExpensesSettingsPage />);
    expect(await screen.findByLabelText("Rent or mortgage payment")).toHaveValue("1800");
    await userEvent.click(screen.getByRole("button", { name: "Add need" }));
    await userEvent.type(screen.getByLabelText(/Category/), "Groceries");
    await userEvent.type(screen.getByLabelText(/Amount per month/), "600");
    await userEvent.click(screen.getByRole("tab", { name: "Wants" }));
    await userEvent.click(screen.getByRole("button", { name: "Add want" }));
    await userEvent.type(screen.getByLabelText(/Category/), "Takeout");
    await userEvent.type(screen.getByLabelText(/Amount per month/), "150");
    await userEvent.click(screen.getByLabelText("Bad habit (something you want to cut)"));
    expect(screen.getByTestId("expense-totals")).toHaveTextContent("Needs$2,400.00Wants$150.00Bad habits$150.00Total$2,550.00");
    await userEvent.click(screen.getByRole("button", { name: "Save expenses" }));
    expect(await screen.findByText("Expenses saved successfully")).toBeInTheDocument();
    expect(api.calls("PUT")[0].body).toEqual({
      rent_mortgage: 1800,
      items: [
        { category: "Groceries", subcategory: null, amount: 600, needs_wants_category: "needs", is_bad_habit: false },
        { category: "Takeout", subcategory: null, amount: 150, needs_wants_category: "wants", is_bad_habit: true },
      ],
    });
  });

  it("shows the tab holding an invalid item and focuses its field", async () => {
    const api = stubApi({ "GET /api/v1/expenses": { body: { user_id: "u", rent_mortgage: 0, items: [], totals: { needs: 0, wants: 0, bad_habits: 0, total: 0 } } } });
    renderPage(<ExpensesSettingsPage />);
    await userEvent.click(await screen.findByRole("tab", { name: "Wants" }));
    await userEvent.click(screen.getByRole("button", { name: "Add want" }));
    await userEvent.click(screen.getByRole("tab", { name: "Needs" }));
    await userEvent.click(screen.getByRole("button", { name: "Save expenses" }));
    expect(await screen.findByText("Category is required")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Wants" })).toHaveAttribute("aria-selected", "true");
    await waitFor(() => expect(screen.getByLabelText(/Category/)).toHaveFocus());
    expect(api.calls("PUT")).toHaveLength(0);
  });

  it("keeps focus in the list when an item is removed (next item, then the add button)", async () => {
    stubApi({ "GET /api/v1/expenses": { body: { user_id: "u", rent_mortgage: 0, items: [], totals: { needs: 0, wants: 0, bad_habits: 0, total: 0 } } } });
    renderPage(<ExpensesSettingsPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Add need" }));
    await userEvent.type(screen.getByLabelText(/Category/), "Groceries");
    await userEvent.click(screen.getByRole("button", { name: "Add need" }));
    await userEvent.click(screen.getByRole("button", { name: "Remove need 1" }));
    const category = screen.getByLabelText(/Category/);
    expect(category).toHaveValue("");
    await waitFor(() => expect(category).toHaveFocus());
    await userEvent.click(screen.getByRole("button", { name: "Remove need 1" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Add need" })).toHaveFocus());
  });
});

describe("savings settings", () => {
  it("sends the summary and the items of the three tabs, with both toasts", async () => {
    const api = stubApi({
      "GET /api/v1/savings/summary": { body: null },
      "GET /api/v1/savings/items": { body: { items: [row({ category: "investment", subcategory: null, amount: 250, goal: null, investment_type: "rrsp" })], dropped: 0 } },
      "PUT /api/v1/savings/summary": (b) => ({ body: row(b as Record<string, unknown>) }),
      "PUT /api/v1/savings/items": { body: { items: [], dropped: 1 } },
    });
    renderPage(<SavingsSettingsPage />);
    await userEvent.type(await screen.findByLabelText("Emergency fund balance"), "9000");
    await userEvent.click(screen.getByRole("button", { name: "Add contribution" }));
    await userEvent.type(screen.getByLabelText(/Amount per month/), "200");
    await userEvent.click(screen.getByRole("tab", { name: "Investments" }));
    expect(screen.getByLabelText(/Investment account/)).toHaveValue("rrsp");
    await userEvent.click(screen.getByLabelText("TFSA"));
    await userEvent.click(screen.getByRole("button", { name: "Save savings" }));
    expect(await screen.findByText("Savings data saved successfully")).toBeInTheDocument();
    expect(await screen.findByText("Savings items saved successfully")).toBeInTheDocument();
    expect(await screen.findByText("1 item was left out (no positive amount, or a repeat).")).toBeInTheDocument();
    expect(api.calls("PUT", "/api/v1/savings/summary")[0].body).toMatchObject({ emergency_fund: 9000, investment_types: ["tfsa"], monthly_savings: null });
    expect(api.calls("PUT", "/api/v1/savings/items")[0].body).toEqual({
      items: [
        { category: "savings", subcategory: "emergency-fund", goal: null, amount: 200 },
        { category: "investment", subcategory: null, investment_type: "rrsp", goal: null, amount: 250 },
      ],
    });
  });
});

describe("budget settings", () => {
  it("starts from 50/30/10/10, sends empty shares as 0 and names the API's message on failure", async () => {
    const api = stubApi({
      "GET /api/v1/budget": { body: null },
      "PUT /api/v1/budget": { status: 503, body: { code: "unavailable", message: "Database unavailable" } },
    });
    renderPage(<BudgetingSettingsPage />);
    expect(await screen.findByLabelText(/^Needs/)).toHaveValue("50");
    await userEvent.type(screen.getByLabelText("TFSA"), "100");
    await userEvent.click(screen.getByRole("button", { name: "Save budget" }));
    expect(await screen.findByText("Failed to save budget: Database unavailable")).toBeInTheDocument();
    expect(api.calls("PUT")[0].body).toEqual({
      needs_percentage: 50, wants_percentage: 30, savings_percentage: 10, investments_percentage: 10,
      tfsa_allocation: 100, rrsp_allocation: 0, fhsa_allocation: 0, non_registered_allocation: 0,
    });
  });
});

describe("future plans settings", () => {
  const plan = (b: Record<string, unknown>) => ({ ...b, id: crypto.randomUUID(), created_at: "2026-11-01T00:00:00Z", updated_at: "2026-11-01T00:00:00Z" });

  it("saves the income growth alone, as a fraction, and lists every dated plan with its amount as its kind means it", async () => {
    const api = stubApi({
      "GET /api/v1/future-plans": { body: { user_id: "u", updated_at: "2026-11-01T00:00:00Z", income_growth_rate: 0.03 } },
      "PATCH /api/v1/future-plans": (b) => ({ body: { user_id: "u", updated_at: "2026-11-01T00:00:00Z", ...(b as object) } }),
      "GET /api/v1/future-plans/items": {
        body: [
          plan({ kind: "spending", description: "Daycare ends", person: "self", start_date: "2028-09-01", end_date: null, amount: -480, notes: null }),
          plan({ kind: "one_off", description: "New roof", person: "self", start_date: "2029-06-01", end_date: null, amount: 18000, notes: null }),
          plan({ kind: "income", description: "Sam tutors", person: "partner", start_date: "2027-01-01", end_date: "2029-01-01", amount: 600, notes: null }),
        ],
      },
    });
    renderPage(<FuturePlansSettingsPage />);
    expect(await screen.findByLabelText("Expected income growth per year")).toHaveValue("3");
    expect(await screen.findByText("Daycare ends")).toBeInTheDocument();
    expect(screen.getByText("−$480 a month")).toBeInTheDocument();
    expect(screen.getByText("$18,000 once")).toBeInTheDocument();
    expect(screen.getByText(/Extra income \(take-home, a month\) · January 2027 to January 2029 · your partner's/)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Expected income growth per year"));
    await userEvent.type(screen.getByLabelText("Expected income growth per year"), "2.5");
    await userEvent.click(screen.getByRole("button", { name: "Save income growth" }));
    expect(await screen.findByText("Income growth saved")).toBeInTheDocument();
    expect(api.calls("PATCH", "/api/v1/future-plans")[0].body).toEqual({ income_growth_rate: 0.025 });
    expect(api.calls("PUT")).toHaveLength(0);
  });

  it("adds a dated plan and shows the API's refusal on the field it names", async () => {
    const api = stubApi({
      "GET /api/v1/future-plans": { body: null },
      "GET /api/v1/future-plans/items": { body: [] },
      "POST /api/v1/future-plans/items": (b) => {
        const body = b as Record<string, unknown>;
        return body.end_date
          ? { status: 422, body: { code: "validation_error", message: "end_date: must be after start_date", details: [{ field: "end_date", message: "must be after start_date" }] } }
          : { status: 201, body: plan(body) };
      },
    });
    renderPage(<FuturePlansSettingsPage />);
    expect(await screen.findByText("No future plans yet")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Add future plan" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.selectOptions(within(dialog).getByLabelText(/What changes/), "one_off");
    await userEvent.type(within(dialog).getByLabelText(/Description/), "New roof");
    await userEvent.type(within(dialog).getByLabelText(/^Amount/), "18000");
    await userEvent.type(within(dialog).getByLabelText(/^From/), "2029-06-01");
    await userEvent.type(within(dialog).getByLabelText(/^Until/), "2029-01-01");
    await userEvent.click(within(dialog).getByRole("button", { name: /Add future plan|Save/ }));
    expect(await within(dialog).findByText(/must be after start_date/)).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/^Until/));
    await userEvent.click(within(dialog).getByRole("button", { name: /Add future plan|Save/ }));
    expect(await screen.findByText("Future plan added")).toBeInTheDocument();
    expect(api.calls("POST", "/api/v1/future-plans/items").at(-1)?.body).toMatchObject({
      kind: "one_off", description: "New roof", amount: 18000, start_date: "2029-06-01", end_date: null, person: "self",
    });
  });
});

describe("accounts settings", () => {
  it("moves locally kept accounts and properties to the database once, then removes the local copies", async () => {
    localStorage.setItem(LOCAL_ACCOUNTS_KEY, JSON.stringify([{ name: "Old TFSA", type: "tfsa", balance: "2,500" }]));
    localStorage.setItem(LOCAL_PROPERTIES_KEY, JSON.stringify([{ type: "condo", marketValue: "400000", purchasePrice: "n/a" }]));
    let imported = false;
    const api = stubApi({
      "GET /api/v1/accounts": () => ({ body: imported ? [row({ account_name: "Old TFSA", account_type: "tfsa", balance: 2500, purpose: null, institution: null, account_number: null })] : [] }),
      "POST /api/v1/import/local": () => {
        imported = true;
        return { body: { accounts_imported: 1, properties_imported: 1 } };
      },
    });
    renderPage(<AccountsSettingsPage />);
    expect(await screen.findByText("Accounts migrated to database")).toBeInTheDocument();
    expect(await screen.findByText("Old TFSA")).toBeInTheDocument();
    expect(api.calls("POST", "/api/v1/import/local")).toHaveLength(1);
    expect(api.calls("POST", "/api/v1/import/local")[0].body).toEqual({
      accounts: [{ account_name: "Old TFSA", account_type: "tfsa", balance: 2500, purpose: null, institution: null, account_number: null, owner: "self" }],
      properties: [{ type: "condo", description: null, market_value: 400000, purchase_price: 0, mortgage_balance: 0 }],
    });
    expect(localStorage.getItem(LOCAL_ACCOUNTS_KEY)).toBeNull();
    expect(localStorage.getItem(LOCAL_PROPERTIES_KEY)).toBeNull();
  });

  it("shows the migrated accounts even when the list's first fetch left before the import committed", async () => {
    localStorage.setItem(LOCAL_ACCOUNTS_KEY, JSON.stringify([{ name: "Old TFSA", type: "tfsa", balance: "2500" }]));
    let imported = false;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      const path = new URL(request.url).pathname;
      if (request.method === "GET" && path === "/api/v1/accounts") {
        const held = imported; // what the database held when the request arrived...
        await new Promise((resolve) => setTimeout(resolve, 150)); // ...answered after the import's answer
        return Response.json(held ? [row({ account_name: "Old TFSA", account_type: "tfsa", balance: 2500, purpose: null, institution: null, account_number: null })] : []);
      }
      if (path === "/api/v1/import/local") {
        await new Promise((resolve) => setTimeout(resolve, 50)); // the list's first fetch has left by now
        imported = true;
        return Response.json({ accounts_imported: 1, properties_imported: 0 });
      }
      if (path === "/api/v1/completion") return Response.json({ overall: 0, badge: "Not Started", sections: [] });
      if (path === "/api/v1/analytics/events") return new Response(null, { status: 202 });
      return Response.json({ code: "not_found", message: "Not found" }, { status: 404 });
    });
    renderPage(<AccountsSettingsPage />);
    expect(await screen.findByText("Accounts migrated to database")).toBeInTheDocument();
    expect(await screen.findByText("Old TFSA", {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it("shows the empty state, refuses an unnamed account by its field, then adds one", async () => {
    const api = stubApi({
      "GET /api/v1/accounts": { body: [] },
      "POST /api/v1/accounts": (b) => ({ status: 201, body: row(b as Record<string, unknown>) }),
    });
    renderPage(<AccountsSettingsPage />);
    expect(await screen.findByText("No accounts yet")).toBeInTheDocument();
    expect(api.calls("POST", "/api/v1/import/local")).toHaveLength(0);
    await userEvent.click(screen.getByRole("button", { name: "Add account" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(dialog.querySelector("button[type=submit]") as HTMLElement);
    expect(await screen.findByText("Account name is required")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Account name/), "Emergency HISA");
    await userEvent.selectOptions(screen.getByLabelText(/Account type/), "savings");
    await userEvent.clear(screen.getByLabelText("Balance"));
    await userEvent.type(screen.getByLabelText("Balance"), "-40");
    await userEvent.click(dialog.querySelector("button[type=submit]") as HTMLElement);
    expect(await screen.findByText("Account added successfully")).toBeInTheDocument();
    expect(api.calls("POST", "/api/v1/accounts")[0].body).toEqual({
      account_name: "Emergency HISA", account_type: "savings", balance: -40, institution: null, account_number: null, purpose: null, owner: "self",
    });
  });

  it("after a delete, focus goes to the next account's edit button, then to the add button", async () => {
    const a = row({ id: "aaaaaaaa-0000-0000-0000-000000000001", account_name: "Chequing", account_type: "chequing", balance: 10, purpose: null, institution: null, account_number: null });
    const b = row({ id: "aaaaaaaa-0000-0000-0000-000000000002", account_name: "TFSA", account_type: "tfsa", balance: 20, purpose: null, institution: null, account_number: null });
    let items = [a, b];
    stubApi({
      "GET /api/v1/accounts": () => ({ body: items }),
      [`DELETE /api/v1/accounts/${a.id}`]: () => { items = [b]; return { status: 204 }; },
      [`DELETE /api/v1/accounts/${b.id}`]: () => { items = []; return { status: 204 }; },
    });
    renderPage(<AccountsSettingsPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete account Chequing" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Account deleted successfully")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Edit account TFSA" })).toHaveFocus());
    await userEvent.click(screen.getByRole("button", { name: "Delete account TFSA" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("No accounts yet")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Add account" })).toHaveFocus());
  });
});

describe("credit settings", () => {
  it("checks the score range and sends no typed-in utilisation (the API computes it)", async () => {
    const api = stubApi({
      "GET /api/v1/credit/cards": { body: [] },
      "GET /api/v1/credit": { body: { credit_score: null, credit_card_types: [], line_of_credit_amount: 0, credit_utilization_rate: 0, credit_account_linked: false } },
      "PUT /api/v1/credit": (b) => ({ body: b }),
    });
    renderPage(<CreditSettingsPage />);
    expect(await screen.findByText("No credit cards yet")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("tab", { name: "Credit score" }));
    const score = await screen.findByRole("textbox", { name: "Credit score" });
    await userEvent.type(score, "950");
    await userEvent.click(screen.getByRole("button", { name: "Save credit data" }));
    expect(await screen.findByText("Credit score must be between 300 and 900")).toBeInTheDocument();
    await userEvent.clear(score);
    await userEvent.type(score, "720");
    expect(screen.queryByRole("textbox", { name: "Credit utilization" })).toBeNull();
    await userEvent.click(screen.getByRole("checkbox", { name: "Credit cards" }));
    await userEvent.click(screen.getByRole("button", { name: "Save credit data" }));
    await waitFor(() => expect(api.calls("PUT")).toHaveLength(1));
    expect(api.calls("PUT")[0].body).toEqual({
      credit_score: 720, line_of_credit_amount: 0, credit_card_types: ["credit"], credit_account_linked: false,
    });
  });
  it("keeps a typed score while the user looks at another tab", async () => {
    const api = stubApi({
      "GET /api/v1/credit/cards": { body: [] },
      "GET /api/v1/credit/lines": { body: [] },
      "GET /api/v1/credit": { body: { credit_score: null, credit_card_types: [], line_of_credit_amount: 0, credit_utilization_rate: 0, credit_account_linked: false } },
      "PUT /api/v1/credit": (b) => ({ body: b }),
    });
    renderPage(<CreditSettingsPage />);
    await userEvent.click(await screen.findByRole("tab", { name: "Credit score" }));
    await userEvent.type(await screen.findByRole("textbox", { name: "Credit score" }), "720");
    await userEvent.click(screen.getByRole("tab", { name: "Credit cards" }));
    expect(await screen.findByText("No credit cards yet")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("tab", { name: "Credit score" }));
    expect(await screen.findByRole("textbox", { name: "Credit score" })).toHaveValue("720");
    await userEvent.click(screen.getByRole("button", { name: "Save credit data" }));
    await waitFor(() => expect(api.calls("PUT")).toHaveLength(1));
    expect((api.calls("PUT")[0].body as { credit_score: number }).credit_score).toBe(720);
  });
});
