import { fireEvent, screen, waitFor, within } from "@testing-library/react-native";
import { parseMarkdown } from "@firepath/shared/markdown";
import { onlineManager } from "@tanstack/react-query";
import { router, useLocalSearchParams } from "expo-router";
import { Linking } from "react-native";
import { renderScreen, stubApi } from "@/test/utils";
import { ArticleScreen } from "./article-screen";
import type { Article, ArticleList, HelpTopicList } from "./help-api";
import { HelpScreen } from "./help-screen";
import { linkTarget, Markdown } from "./markdown";

jest.mock("expo-router", () => ({ router: { push: jest.fn(), replace: jest.fn() }, useLocalSearchParams: jest.fn(() => ({})) }));

const TOPICS: HelpTopicList = {
  lang: "en",
  total: 2,
  groups: [
    { category: "Getting Started", topics: [{ id: "add-income", title: "Adding your income", category: "Getting Started", tags: [], preview: "Open Settings, then Income.", lang: "en" }] },
    { category: "Calculators", topics: [{ id: "fire-number", title: "What is a FIRE number?", category: "Calculators", tags: [], preview: "The savings you need.", lang: "en" }] },
  ],
};

const ARTICLES: ArticleList = {
  lang: "en",
  total: 2,
  articles: [
    { id: "rrsp-basics", title: "RRSP basics", category: "Registered Accounts", level: "beginner", summary: "How the RRSP works.", tags: [], reading_minutes: 6, updated: "2026-10-01", lang: "en" },
    { id: "four-percent", title: "The 4% rule", category: "FIRE Fundamentals", level: "intermediate", summary: "Safe withdrawal rates.", tags: [], reading_minutes: 8, updated: "2026-09-01", lang: "en" },
  ],
};

const ARTICLE: Article = {
  ...ARTICLES.articles[0]!,
  word_count: 1200,
  content: "## The contribution deadline\n\nYou have **60 days** after the year ends.\n\n- Deduct it this year\n- Or carry it forward\n\nSee [the CRA page](https://www.canada.ca/rrsp) for more.",
  sources: [{ title: "Canada Revenue Agency: RRSPs", url: "https://www.canada.ca/en/revenue-agency/rrsp.html" }],
  related: [ARTICLES.articles[1]!],
};

const SEARCH = {
  results: [
    { kind: "article", id: "rrsp-basics", title: "RRSP basics", category: "Registered Accounts", level: "beginner", score: 0.9, heading: "The contribution deadline", snippet: "The <mark>RRSP</mark> deadline is 60 days &amp; more", matched_by: ["vector"] },
    { kind: "help", id: "add-income", title: "Adding your income", category: "Getting Started", level: null, score: 0.5, heading: null, snippet: "Your <mark>RRSP</mark> room", matched_by: ["text"] },
  ],
};

const urlsOf = (spy: jest.SpyInstance) =>
  spy.mock.calls.map(([input]) => new URL(typeof input === "string" ? input : input instanceof URL ? input.href : (input as Request).url));

afterEach(() => {
  jest.restoreAllMocks();
  jest.mocked(router.push).mockClear();
  onlineManager.setOnline(true);
});

test("with no search, the help topics and the articles show by category", async () => {
  stubApi({ "GET /api/v1/help/topics": { body: TOPICS }, "GET /api/v1/articles": { body: ARTICLES } });
  renderScreen(<HelpScreen />);
  const topics = await screen.findByTestId("help-topic-list");
  expect(within(topics).getByText("Getting Started")).toBeTruthy();
  expect(within(topics).getByText("Adding your income")).toBeTruthy();
  const articles = await screen.findByTestId("article-list");
  expect(within(articles).getByText("Registered Accounts")).toBeTruthy();
  expect(within(articles).getByText("Beginner · 6 min read")).toBeTruthy();
  // The web's category order: FIRE Fundamentals before Registered Accounts.
  const order = within(articles).getAllByRole("header").map((h) => h.props.children);
  expect(order).toEqual(["FIRE Fundamentals", "Registered Accounts"]);
  expect(screen.getByText("2 articles")).toBeTruthy();
  fireEvent.press(screen.getByText("What is a FIRE number?"));
  expect(router.push).toHaveBeenCalledWith({ pathname: "/help/[slug]", params: { slug: "fire-number", kind: "topic" } });
});

test("search sends the typed query to the help search and shows titles and snippets; a result opens its article", async () => {
  const api = stubApi({
    "GET /api/v1/help/topics": { body: TOPICS },
    "GET /api/v1/articles": { body: ARTICLES },
    "GET /api/v1/help/search": { body: SEARCH },
  });
  renderScreen(<HelpScreen />);
  await screen.findByTestId("help-topic-list");
  fireEvent.changeText(screen.getByLabelText("Search help topics"), "rrsp deadline");
  const results = await screen.findByTestId("help-search-results");
  expect(within(results).getByText("RRSP basics")).toBeTruthy();
  expect(within(results).getByText("Article · The contribution deadline")).toBeTruthy();
  expect(within(results).getByText("The RRSP deadline is 60 days & more")).toBeTruthy();
  expect(within(results).getByText("Adding your income")).toBeTruthy();
  const searches = urlsOf(api.spy).filter((u) => u.pathname === "/api/v1/help/search");
  expect(searches).toHaveLength(1); // debounced: one request for the whole phrase
  expect(searches[0]!.searchParams.get("q")).toBe("rrsp deadline");
  expect(searches[0]!.searchParams.get("limit")).toBe("20");

  fireEvent.press(within(results).getByText("RRSP basics"));
  expect(router.push).toHaveBeenCalledWith({ pathname: "/help/[slug]", params: { slug: "rrsp-basics" } });
  fireEvent.press(within(results).getByText("Adding your income"));
  expect(router.push).toHaveBeenLastCalledWith({ pathname: "/help/[slug]", params: { slug: "add-income", kind: "topic" } });
});

test("a search with no results says so", async () => {
  stubApi({ "GET /api/v1/help/topics": { body: TOPICS }, "GET /api/v1/articles": { body: ARTICLES }, "GET /api/v1/help/search": { body: { results: [] } } });
  renderScreen(<HelpScreen />);
  fireEvent.changeText(screen.getByLabelText("Search help topics"), "zzz");
  expect(await screen.findByText("No help topics match “zzz”.")).toBeTruthy();
});

test("offline, the saved topics and articles show with when they were last updated", async () => {
  const api = stubApi({});
  const { client } = renderScreen(<></>);
  client.setQueryData(["help", "topics"], TOPICS, { updatedAt: Date.parse("2026-11-28T14:05:00") });
  client.setQueryData(["articles", {}], ARTICLES, { updatedAt: Date.parse("2026-11-28T14:05:00") });
  onlineManager.setOnline(false);
  renderScreen(<HelpScreen />, { client });
  expect(await screen.findByText("RRSP basics")).toBeTruthy();
  expect(screen.getByText("Adding your income")).toBeTruthy();
  expect(screen.getByTestId("offline-banner")).toHaveTextContent(/offline.*last updated Nov 28, 2026/);
  expect(api.calls()).toHaveLength(0);
});

test("offline with nothing saved, a clear message instead of a spinner", async () => {
  stubApi({});
  onlineManager.setOnline(false);
  renderScreen(<HelpScreen />);
  expect(await screen.findByText("You're offline and this device has no saved help yet. Connect to see the help topics and articles.")).toBeTruthy();
  expect(screen.queryByLabelText("Loading help topics")).toBeNull();
});

describe("the article screen", () => {
  test("renders the article's headings, text, lists and sources; links and sources open in the browser", async () => {
    jest.mocked(useLocalSearchParams).mockReturnValue({ slug: "rrsp-basics" });
    const open = jest.spyOn(Linking, "openURL").mockResolvedValue(true);
    const api = stubApi({ "GET /api/v1/articles/rrsp-basics": { body: ARTICLE } });
    renderScreen(<ArticleScreen />);
    expect(await screen.findByTestId("article-title")).toHaveTextContent("RRSP basics");
    expect(screen.getByText("Registered Accounts · Beginner · 6 min read")).toBeTruthy();
    expect(screen.getByText("Updated Oct 1, 2026 · 1,200 words")).toBeTruthy();
    const body = screen.getByTestId("article-body");
    expect(within(body).getByRole("header", { name: "The contribution deadline" })).toBeTruthy();
    expect(within(body).getByText("60 days")).toHaveStyle({ fontWeight: "700" });
    expect(within(body).getByText("Deduct it this year")).toBeTruthy();
    expect(within(body).getByText("Or carry it forward")).toBeTruthy();

    fireEvent.press(within(body).getByRole("link", { name: "the CRA page" }));
    expect(open).toHaveBeenCalledWith("https://www.canada.ca/rrsp");

    const sources = screen.getByTestId("article-sources");
    expect(within(sources).getByText("Sources")).toBeTruthy();
    fireEvent.press(within(sources).getByRole("link", { name: "Canada Revenue Agency: RRSPs" }));
    expect(open).toHaveBeenLastCalledWith("https://www.canada.ca/en/revenue-agency/rrsp.html");

    fireEvent.press(within(screen.getByTestId("related-articles")).getByRole("button", { name: "The 4% rule" }));
    expect(router.push).toHaveBeenCalledWith({ pathname: "/help/[slug]", params: { slug: "four-percent" } });
    expect(api.calls("GET", "/api/v1/articles/rrsp-basics")).toHaveLength(1);
  });

  test("a help topic opens from its id with its tags", async () => {
    jest.mocked(useLocalSearchParams).mockReturnValue({ slug: "add-income", kind: "topic" });
    stubApi({
      "GET /api/v1/help/topics/add-income": {
        body: { id: "add-income", title: "Adding your income", category: "Getting Started", tags: ["income", "settings"], content: "# Steps\n\n1. Open **Settings**\n2. Choose Income", video_url: null },
      },
    });
    renderScreen(<ArticleScreen />);
    expect(await screen.findByTestId("article-title")).toHaveTextContent("Adding your income");
    expect(screen.getByRole("header", { name: "Steps" })).toBeTruthy();
    expect(screen.getByText("Choose Income")).toBeTruthy();
    expect(screen.getByText("settings")).toBeTruthy();
  });

  test("a missing article says so", async () => {
    jest.mocked(useLocalSearchParams).mockReturnValue({ slug: "gone" });
    stubApi({});
    renderScreen(<ArticleScreen />);
    expect(await screen.findByText("Article not found. It may have been renamed. Search the library for it instead.")).toBeTruthy();
  });

  test("offline, a saved article shows with the banner", async () => {
    jest.mocked(useLocalSearchParams).mockReturnValue({ slug: "rrsp-basics" });
    const api = stubApi({});
    const { client } = renderScreen(<></>);
    client.setQueryData(["articles", "one", "rrsp-basics"], ARTICLE, { updatedAt: Date.parse("2026-11-27T09:00:00") });
    onlineManager.setOnline(false);
    renderScreen(<ArticleScreen />, { client });
    expect(await screen.findByTestId("article-title")).toHaveTextContent("RRSP basics");
    expect(screen.getByTestId("offline-banner")).toHaveTextContent(/last updated Nov 27, 2026/);
    expect(api.calls()).toHaveLength(0);
  });
});

test("the Markdown reader keeps unsafe links as text and reads tables", () => {
  renderScreen(<Markdown source="[ok](https://canada.ca) and [bad](javascript:void) and [next](/resources/tfsa)" />);
  expect(screen.getByRole("link", { name: "ok" })).toBeTruthy();
  expect(screen.queryByRole("link", { name: "bad" })).toBeNull();
  expect(screen.getByText(/and bad and/)).toBeTruthy();
  fireEvent.press(screen.getByRole("link", { name: "next" }));
  expect(router.push).toHaveBeenCalledWith({ pathname: "/help/[slug]", params: { slug: "tfsa" } });
  expect(linkTarget("//evil.example")).toBeNull();
  expect(parseMarkdown("| A | B |\n|---|---|\n| 1 | 2 |\n\nOne\nparagraph.")).toEqual([
    { kind: "table", rows: [["A", "B"], ["1", "2"]] },
    { kind: "p", text: "One paragraph." },
  ]);
});

describe("in French", () => {
  const FR_ARTICLES: ArticleList = {
    lang: "fr",
    total: 1,
    articles: [{ id: "reer-bases", title: "Le REER en bref", category: "Comptes enregistrés", level: "beginner", summary: "Comment fonctionne le REER.", tags: [], reading_minutes: 6, updated: "2026-10-01", lang: "fr" }],
  };

  test("help search: the French labels, the results counted with a plural, what matched and where", async () => {
    const api = stubApi({
      "GET /api/v1/help/topics": { body: { ...TOPICS, lang: "fr" } },
      "GET /api/v1/articles": { body: FR_ARTICLES },
      "GET /api/v1/help/search": { body: { results: [{ ...SEARCH.results[0], title: "Le REER en bref", heading: "La date limite de cotisation", snippet: "La date limite du <mark>REER</mark> est de 60 jours" }] } },
    });
    renderScreen(<HelpScreen />, { locale: "fr-CA" });
    expect(screen.getByText("Centre d’aide")).toBeTruthy();
    const articles = await screen.findByTestId("article-list");
    expect(within(articles).getByText("1 article")).toBeTruthy();
    expect(within(articles).getByText("Débutant · 6 min de lecture")).toBeTruthy();
    expect(screen.getByText("Sujets d’aide")).toBeTruthy();
    expect(screen.getByText("Ressources éducatives")).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText("Chercher dans les sujets d’aide"), "date limite reer");
    const results = await screen.findByTestId("help-search-results");
    expect(within(results).getByText("1 sujet d’aide trouvé")).toBeTruthy();
    expect(within(results).getByText("Article · La date limite de cotisation")).toBeTruthy();
    expect(within(results).getByText("La date limite du REER est de 60 jours")).toBeTruthy();
    expect(within(results).getByRole("button", { name: /Le REER en bref/ }).props.accessibilityHint).toBe("Ouvre l’article");
    const search = api.spy.mock.calls.find(([input]) => String(input instanceof Request ? input.url : input).includes("/help/search"));
    expect((search?.[0] as Request).headers.get("Accept-Language")).toBe("fr-CA");
  });

  test("two results: the plural in French", async () => {
    stubApi({
      "GET /api/v1/help/topics": { body: TOPICS },
      "GET /api/v1/articles": { body: ARTICLES },
      "GET /api/v1/help/search": { body: SEARCH },
    });
    renderScreen(<HelpScreen />, { locale: "fr-CA" });
    expect(await screen.findByText("2 articles")).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText("Chercher dans les sujets d’aide"), "reer");
    expect(await screen.findByText("2 sujets d’aide trouvés")).toBeTruthy();
  });

  test("a search with no results says so in French", async () => {
    stubApi({ "GET /api/v1/help/topics": { body: TOPICS }, "GET /api/v1/articles": { body: ARTICLES }, "GET /api/v1/help/search": { body: { results: [] } } });
    renderScreen(<HelpScreen />, { locale: "fr-CA" });
    fireEvent.changeText(screen.getByLabelText("Chercher dans les sujets d’aide"), "zzz");
    expect(await screen.findByText("Aucun sujet d’aide ne correspond à « zzz ».")).toBeTruthy();
  });

  test("an article: the date, the word count and the sections in French", async () => {
    jest.mocked(useLocalSearchParams).mockReturnValue({ slug: "rrsp-basics" });
    stubApi({ "GET /api/v1/articles/rrsp-basics": { body: ARTICLE } });
    renderScreen(<ArticleScreen />, { locale: "fr-CA" });
    expect(await screen.findByTestId("article-title")).toHaveTextContent("RRSP basics");
    expect(screen.getByText("Registered Accounts · Débutant · 6 min de lecture")).toBeTruthy();
    expect(screen.getByText("Mis à jour le 1 oct. 2026 · 1\u00a0200 mots")).toBeTruthy();
    expect(screen.getByText("Sources")).toBeTruthy();
    expect(screen.getByText("À lire aussi")).toBeTruthy();
    expect(screen.getByRole("link", { name: "the CRA page" }).props.accessibilityHint).toBe("S’ouvre dans votre navigateur");
  });

  test("a missing article and being offline say so in French", async () => {
    jest.mocked(useLocalSearchParams).mockReturnValue({ slug: "gone" });
    stubApi({});
    renderScreen(<ArticleScreen />, { locale: "fr-CA" });
    expect(await screen.findByText("Article introuvable. Il a peut-être été renommé. Cherchez-le plutôt dans la bibliothèque.")).toBeTruthy();
  });
});
