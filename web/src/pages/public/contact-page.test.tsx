import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import CareersPage from "@/pages/public/careers-page";
import ContactPage from "@/pages/public/contact-page";
import { stubApi } from "@/test/page-test-utils";

function renderPage(page: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}><MemoryRouter>{page}</MemoryRouter></QueryClientProvider>);
}

afterEach(() => vi.restoreAllMocks());

describe("Contact and Careers", () => {
  it("show the address the server is configured with, and no placeholder", async () => {
    stubApi({ "GET /api/v1/site": { body: { contact_email: "hello@firepath.ca" } } });
    const { container } = renderPage(<ContactPage />);
    const links = await screen.findAllByTestId("contact-email");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["hello@firepath.ca", "mailto:hello@firepath.ca"], ["hello@firepath.ca", "mailto:hello@firepath.ca"],
    ]);
    expect(container.textContent).not.toMatch(/example/);
  });

  it("careers mails the same address with a subject", async () => {
    stubApi({ "GET /api/v1/site": { body: { contact_email: "hello@firepath.ca" } } });
    renderPage(<CareersPage />);
    const link = await screen.findByTestId("contact-email");
    expect(link).toHaveTextContent("hello@firepath.ca");
    expect(link).toHaveAttribute("href", "mailto:hello@firepath.ca?subject=Careers");
  });

  it("says so when the address cannot be loaded instead of showing a made-up one", async () => {
    stubApi({ "GET /api/v1/site": { status: 500, body: { detail: "down" } } });
    renderPage(<ContactPage />);
    expect(await screen.findAllByText(/could not be loaded/)).toHaveLength(2);
    expect(screen.queryByTestId("contact-email")).toBeNull();
  });
});
