import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router";
import { helpSearchQuery, helpTopicQuery, helpTopicsQuery } from "@/api/help";
import { useHelp } from "@/components/help/help-context";
import { articleLabel, previewText } from "@/components/help/help-panel";
import { HelpProvider } from "@/components/help/help-provider";
import { TourProvider } from "@/components/tour/tour-provider";
import { createQueryClient } from "@/lib/query-client";
import { HELP_TOPICS, topicList } from "@/test/help-topics";

function OpenButton() {
  const { showHelp } = useHelp();
  return <button type="button" onClick={() => showHelp()}>Open help</button>;
}

/** The real providers; the query cache holds the API's answers built from the real topic files. */
function renderPanel(seed: (client: QueryClient) => void = () => {}) {
  const client = createQueryClient();
  client.setQueryData(helpTopicsQuery().queryKey, topicList());
  seed(client);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TourProvider>
          <HelpProvider>
            <OpenButton />
          </HelpProvider>
        </TourProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

async function open() {
  await userEvent.click(screen.getByRole("button", { name: "Open help" }));
  return screen.findByRole("dialog", { name: "Help Center" }, { timeout: 5000 });
}

beforeAll(async () => {
  await import("@/components/help/help-panel");
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("articleLabel", () => {
  it("names the article's section when the passage has one", () => {
    expect(articleLabel("The contribution deadline")).toBe("Article · The contribution deadline");
    expect(articleLabel(null)).toBe("Article");
  });
});

describe("previewText", () => {
  it("ends a cut preview with an ellipsis and leaves a whole short one alone", () => {
    expect(previewText(`${"a".repeat(70)} choose Forgo`)).toBe(`${"a".repeat(70)} choose Forgo…`);
    expect(previewText(`${"a".repeat(79)} `)).toBe(`${"a".repeat(79)}…`);
    expect(previewText("Short topic.")).toBe("Short topic.");
  });
});

describe("Help Center panel", () => {
  it("lists topics grouped by category with 80-character previews", async () => {
    renderPanel();
    const panel = await open();
    const list = within(panel).getByTestId("help-topic-list");
    const categories = [...new Set(HELP_TOPICS.map((t) => t.category))];
    for (const category of categories) expect(within(list).getByRole("region", { name: category })).toBeInTheDocument();
    const topic = HELP_TOPICS[0];
    const button = within(list).getByRole("button", { name: (name: string) => name.startsWith(topic.title) });
    expect(button).toHaveTextContent(topic.content.slice(0, 80));
    expect(button).not.toHaveTextContent(topic.content.slice(0, 120));
    expect(button).toHaveTextContent(`${topic.content.slice(0, 80).trimEnd()}…`);
    expect(within(panel).getByPlaceholderText("Search help topics...")).toHaveFocus();
  });

  it("opens a topic with its tags and 'Watch Tutorial', and '← Back to topics' returns", async () => {
    const topic = { ...HELP_TOPICS[0], video_url: "https://videos.example/fire-number" };
    renderPanel((c) => c.setQueryData(helpTopicQuery(topic.id).queryKey, topic));
    const panel = await open();
    await userEvent.click(within(panel).getByRole("button", { name: (name: string) => name.startsWith(topic.title) }));
    expect(within(panel).getByRole("heading", { name: topic.title })).toBeInTheDocument();
    expect(within(panel).getByRole("list", { name: "Tags" })).toHaveTextContent(topic.tags[0]);
    expect(within(panel).getByRole("link", { name: /Watch Tutorial/ })).toHaveAttribute("href", topic.video_url);
    const back = within(panel).getByRole("button", { name: "← Back to topics" });
    expect(back).toHaveFocus();
    await userEvent.click(back);
    expect(within(panel).getByTestId("help-topic-list")).toBeInTheDocument();
  });

  it("has no 'Watch Tutorial' for a topic without a video", async () => {
    const topic = { ...HELP_TOPICS[1], video_url: null };
    renderPanel((c) => c.setQueryData(helpTopicQuery(topic.id).queryKey, topic));
    const panel = await open();
    await userEvent.click(within(panel).getByRole("button", { name: (name: string) => name.startsWith(topic.title) }));
    expect(within(panel).getByRole("heading", { name: topic.title })).toBeInTheDocument();
    expect(within(panel).queryByText(/Watch Tutorial/)).toBeNull();
  });

  it("searches once the typing stops (300 ms), with the whole query, over help topics and articles", async () => {
    // Record what is sent and let the real fetch go on: nothing listens on the test origin.
    const realFetch = globalThis.fetch;
    const sent: URL[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const request = new Request(input as RequestInfo, init);
      sent.push(new URL(request.url));
      return realFetch(request);
    });
    renderPanel();
    const panel = await open();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: 20 });
    await user.type(within(panel).getByPlaceholderText("Search help topics..."), "rrsp room");
    expect(sent.filter((u) => u.pathname === "/api/v1/help/search")).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(300));
    const searches = sent.filter((u) => u.pathname === "/api/v1/help/search");
    expect(searches).toHaveLength(1);
    expect(searches[0].searchParams.get("q")).toBe("rrsp room");
    expect(searches[0].searchParams.has("kind")).toBe(false);
  });

  it("shows an article's section as a link to the article, with its heading and a prose snippet", async () => {
    renderPanel((c) => {
      c.setQueryData(helpSearchQuery("rrsp deadline").queryKey, [
        {
          kind: "article" as const, id: "rrsp-basics", title: "The RRSP, explained", category: "Registered Accounts",
          level: "beginner" as const, score: 0.03, heading: "The contribution deadline",
          snippet: "The <mark>RRSP</mark> <mark>deadline</mark> for a tax year is 60 days after that year ends",
          matched_by: ["vector" as const, "text" as const], lang: "en" as const,
        },
      ]);
    });
    const panel = await open();
    await userEvent.type(within(panel).getByPlaceholderText("Search help topics..."), "rrsp deadline");
    const results = await within(panel).findByTestId("help-search-results");
    const link = within(results).getByRole("link", { name: /The RRSP, explained/ });
    expect(link).toHaveAttribute("href", "/resources/rrsp-basics");
    expect(link).toHaveTextContent("Article · The contribution deadline");
    expect(link).toHaveTextContent("60 days after that year ends");
    await userEvent.click(link);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Help Center" })).toBeNull());
  });

  it("shows results with the matched words marked and opens one", async () => {
    const topic = HELP_TOPICS.find((t) => /tfsa/i.test(t.content)) ?? HELP_TOPICS[0];
    renderPanel((c) => {
      c.setQueryData(helpSearchQuery("tfsa").queryKey, [
        {
          kind: "help" as const, id: topic.id, title: topic.title, category: topic.category, score: 0.9,
          snippet: "Your <mark>TFSA</mark> room &amp; limits", matched_by: ["vector" as const, "text" as const], lang: "en" as const,
        },
      ]);
      c.setQueryData(helpTopicQuery(topic.id).queryKey, topic);
    });
    const panel = await open();
    await userEvent.type(within(panel).getByPlaceholderText("Search help topics..."), "tfsa");
    const results = await within(panel).findByTestId("help-search-results");
    expect(results).toHaveTextContent("Your TFSA room & limits");
    expect(results.querySelector("mark")).toHaveTextContent("TFSA");
    await userEvent.click(within(results).getByRole("button", { name: (name: string) => name.startsWith(topic.title) }));
    expect(within(panel).getByRole("heading", { name: topic.title })).toBeInTheDocument();
  });

  it("closes on Escape", async () => {
    renderPanel();
    await open();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Help Center" })).toBeNull());
  });
});
