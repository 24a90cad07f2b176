/** The Help Center side panel (spec section 2): 'Search help topics...' (semantic search, debounced, over help
 * topics and the articles' sections, an article result linking to it), topics grouped by category with
 * 80-character previews, and a topic's detail with tags, 'Watch Tutorial' when it
 * has a video, and '← Back to topics'. A modal side sheet: focus stays inside, Escape closes. */
import { BookOpen, Compass, PlayCircle, Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { type HelpSearchResult, useHelpSearch, useHelpTopic, useHelpTopics } from "@/api/help";
import { announce } from "@/app/accessibility-provider";
import { useHelp } from "@/components/help/help-context";
import { HelpMarkdown } from "@/components/help/help-markdown";
import { Snippet } from "@/components/help/snippet";
import { useTour } from "@/components/tour/tour-provider";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { Spinner } from "@/components/ui/spinner";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useT } from "@/lib/i18n";
import { helpCategoryName } from "@/lib/knowledge-categories";
import type { Translate } from "@firepath/shared/i18n/messages";
import { plainEnglish } from "@firepath/shared/i18n/plain-english";

export const SEARCH_DEBOUNCE_MS = 300;

/** The API's preview is the content's first 80 characters, usually cut mid-word ("choose Forgo"): mark the cut. */
export function previewText(preview: string): string {
  return preview.length >= 80 ? `${preview.trimEnd()}…` : preview;
}

/** A topic row: its accessible name is its visible title and preview (the category is the section's label). */
function TopicButton({ title, children, onOpen }: { title: string; children: React.ReactNode; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className="flex w-full flex-col gap-0.5 rounded-md px-3 py-2 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
    >
      <span className="text-sm font-medium">{title}</span>
      <span className="text-xs text-muted-foreground">{children}</span>
    </button>
  );
}

function TopicList({ onOpen }: { onOpen: (id: string) => void }) {
  const t = useT();
  const topics = useHelpTopics();
  if (topics.isPending) return <Spinner />;
  if (topics.isError) return <p className="px-3 text-sm text-destructive">{t("components.helpPanel.couldNotLoadHelp")}</p>;
  return (
    <div className="flex flex-col gap-4" data-testid="help-topic-list">
      {topics.data.groups.map((group) => (
        <section key={group.category} aria-label={helpCategoryName(group.category, t)}>
          <h3 className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{helpCategoryName(group.category, t)}</h3>
          <ul>
            {group.topics.map((t) => (
              <li key={t.id}>
                <TopicButton title={t.title} onOpen={() => onOpen(t.id)}>
                  {previewText(t.preview)}
                </TopicButton>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** An article found by search: a link to the article, labelled with the section the passage comes from. */
function ArticleResult({ result, onOpen }: { result: HelpSearchResult; onOpen: () => void }) {
  const t = useT();
  return (
    <Link
      to={`/resources/${result.id}`}
      onClick={onOpen}
      className="flex w-full flex-col gap-0.5 rounded-md px-3 py-2 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
    >
      <span className="text-sm font-medium">{result.title}</span>
      <span className="flex items-center gap-1 text-xs font-medium text-muted-foreground">
        <BookOpen className="size-3" aria-hidden="true" />
        {articleLabel(result.heading, t)}
      </span>
      <span className="text-xs text-muted-foreground">
        <Snippet snippet={result.snippet} />
      </span>
    </Link>
  );
}

/** "Article" or "Article · The contribution deadline": where in the article the passage is. */
export function articleLabel(heading: string | null | undefined, t: Translate = plainEnglish): string {
  return heading ? t("components.help.articleAt", { heading }) : t("components.help.article");
}

function SearchResults({ query, results, pending, error }: { query: string; results: HelpSearchResult[]; pending: boolean; error: boolean; }) {
  const t = useT();
  const { setActiveTopic, hideHelp } = useHelp();
  if (error) return <p className="px-3 text-sm text-destructive">{t("components.helpPanel.searchFailedPleaseTry")}</p>;
  if (pending && results.length === 0) return <Spinner />;
  if (results.length === 0) return <p className="px-3 text-sm text-muted-foreground">{t("components.helpPanel.noHelpTopicsMatch", { query })}</p>;
  return (
    <ul data-testid="help-search-results">
      {results.map((r) => (
        <li key={`${r.kind}/${r.id}`} data-kind={r.kind}>
          {r.kind === "article" ? (
            <ArticleResult result={r} onOpen={hideHelp} />
          ) : (
            <TopicButton title={r.title} onOpen={() => setActiveTopic(r.id)}>
              <Snippet snippet={r.snippet} />
            </TopicButton>
          )}
        </li>
      ))}
    </ul>
  );
}

function TopicDetail({ topicId, onBack }: { topicId: string; onBack: () => void }) {
  const t = useT();
  const topic = useHelpTopic(topicId);
  const backRef = useRef<HTMLButtonElement>(null);
  useEffect(() => backRef.current?.focus(), [topicId]);
  return (
    <article className="flex flex-col gap-3 px-3" aria-labelledby="help-topic-title">
      <Button ref={backRef} variant="link" className="self-start px-0" onClick={onBack}>
        {t("components.helpPanel.backToTopics")}
      </Button>
      {topic.isPending && <Spinner />}
      {topic.isError && <p className="text-sm text-destructive">{t("components.helpPanel.couldNotLoadThis")}</p>}
      {topic.data && (
        <>
          <h3 id="help-topic-title" className="text-lg font-semibold">{topic.data.title}</h3>
          <p className="text-xs font-medium text-muted-foreground">{helpCategoryName(topic.data.category, t)}</p>
          <HelpMarkdown source={topic.data.content} />
          {topic.data.tags.length > 0 && (
            <ul className="flex flex-wrap gap-1" aria-label={t("components.helpPanel.tags")}>
              {topic.data.tags.map((tag) => (
                <li key={tag}><Badge variant="outline">{tag}</Badge></li>
              ))}
            </ul>
          )}
          {topic.data.video_url && (
            <Button asChild variant="secondary" className="self-start">
              <a href={topic.data.video_url} target="_blank" rel="noreferrer">
                <PlayCircle aria-hidden="true" /> {t("components.helpPanel.watchTutorial")}
              </a>
            </Button>
          )}
        </>
      )}
    </article>
  );
}

export default function HelpPanel() {
  const t = useT();
  const { isVisible, activeTopic, hideHelp, setActiveTopic } = useHelp();
  const tour = useTour();
  const [query, setQuery] = useState("");
  const debounced = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const search = useHelpSearch(debounced);
  const searchId = useId();

  useEffect(() => {
    if (debounced && search.data && !search.isPlaceholderData) {
      announce(t("components.help.found", { count: search.data.length }));
    }
  }, [debounced, search.data, search.isPlaceholderData, t]);

  return (
    <Sheet open={isVisible} onOpenChange={(open) => !open && hideHelp()}>
      <SheetContent data-testid="help-panel">
        <div className="flex flex-col gap-3 border-b p-4 pr-12">
          <SheetTitle className="text-lg font-semibold">{t("components.helpPanel.helpCenter")}</SheetTitle>
          <SheetDescription className="sr-only">{t("components.helpPanel.searchHelpTopicsOr")}</SheetDescription>
          {!activeTopic && (
            <div className="relative">
              <label htmlFor={searchId} className="sr-only">{t("components.helpPanel.searchHelpTopics")}</label>
              <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
              <Input
                id={searchId}
                type="search"
                placeholder={t("components.helpPanel.searchHelpTopics2")}
                className="pl-8"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                autoComplete="off"
              />
            </div>
          )}
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => {
              hideHelp();
              void tour.start();
            }}
          >
            <Compass aria-hidden="true" /> {t("components.helpPanel.takeTheGuidedTour")}
          </Button>
        </div>
        <div className="flex-1 overflow-y-auto py-3">
          {activeTopic ? (
            <TopicDetail topicId={activeTopic} onBack={() => setActiveTopic(null)} />
          ) : debounced ? (
            <SearchResults query={debounced} results={search.data ?? []} pending={search.isFetching} error={search.isError} />
          ) : (
            <TopicList onOpen={setActiveTopic} />
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
