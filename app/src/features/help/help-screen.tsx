/** Help: "Search help topics..." (debounced, the web's search over help topics and the articles' sections, each
 * result with its title and snippet), and with no search the help topics by category and the article library by
 * category, as the web's Help Center and Educational resources show them. Kept on the device for offline reading. */
import { router, type Href } from "expo-router";
import { useEffect, useState } from "react";
import { Pressable, StyleSheet, Text, View } from "react-native";
import { OfflineBanner, useOnline } from "@/components/offline-banner";
import { Body, Card, ErrorState, Heading, Loading, Screen, TextField } from "@/components/ui";
import { useT } from "@/lib/i18n";
import { space, type as typeScale, useColours } from "@/lib/theme";
import {
  articleLabel,
  groupArticles,
  type HelpSearchResult,
  levelAndTime,
  previewText,
  SEARCH_DEBOUNCE_MS,
  snippetParts,
  useArticles,
  useHelpSearch,
  useHelpTopics,
} from "./help-api";
import { openArticle } from "./markdown";

function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export const openTopic = (id: string) => router.push({ pathname: "/help/[slug]", params: { slug: id, kind: "topic" } } as Href);

function Snippet({ snippet }: { snippet: string }) {
  const c = useColours();
  return (
    <Text style={[styles.detail, { color: c.muted }]}>
      {snippetParts(snippet).map((p, i) =>
        p.marked ? (
          <Text key={i} style={{ color: c.text, fontWeight: "700" }}>
            {p.text}
          </Text>
        ) : (
          p.text
        ),
      )}
    </Text>
  );
}

/** One tappable row: its title, a small label line and the detail under it. */
function Row({ title, label, detail, hint, onPress }: { title: string; label?: string; detail: React.ReactNode; hint: string; onPress: () => void }) {
  const c = useColours();
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityHint={hint}
      onPress={onPress}
      style={({ pressed }) => [styles.row, { borderColor: c.border, opacity: pressed ? 0.7 : 1 }]}
    >
      <Text style={[styles.title, { color: c.primary }]}>{title}</Text>
      {label ? <Text style={[styles.label, { color: c.muted }]}>{label}</Text> : null}
      {detail}
    </Pressable>
  );
}

function SearchResults({ query, results }: { query: string; results: HelpSearchResult[] }) {
  const t = useT();
  if (results.length === 0) return <Body muted>{t("components.helpPanel.noHelpTopicsMatch", { query })}</Body>;
  return (
    <View testID="help-search-results" style={{ gap: space.sm }}>
      <Body muted>{t("components.help.found", { count: results.length })}</Body>
      {results.map((r) => (
        <Row
          key={`${r.kind}/${r.id}`}
          title={r.title}
          label={r.kind === "article" ? articleLabel(r.heading, t) : r.category}
          detail={<Snippet snippet={r.snippet} />}
          hint={r.kind === "article" ? t("app.help.opensArticle") : t("app.help.opensTopic")}
          onPress={() => (r.kind === "article" ? openArticle(r.id) : openTopic(r.id))}
        />
      ))}
    </View>
  );
}

function Browse() {
  const c = useColours();
  const t = useT();
  const topics = useHelpTopics();
  const articles = useArticles();
  const nothingSaved = !topics.data && !articles.data && (topics.fetchStatus === "paused" || articles.fetchStatus === "paused");
  if (nothingSaved) {
    return <ErrorState message={t("app.help.offlineNothing")} />;
  }
  return (
    <>
      <Heading>{t("app.help.topics")}</Heading>
      {topics.data ? (
        <View testID="help-topic-list" style={{ gap: space.lg }}>
          {topics.data.groups.map((group) => (
            <Card key={group.category} title={group.category}>
              {group.topics.map((topic) => (
                <Row
                  key={topic.id}
                  title={topic.title}
                  detail={<Text style={[styles.detail, { color: c.muted }]}>{previewText(topic.preview)}</Text>}
                  hint={t("app.help.opensTopic")}
                  onPress={() => openTopic(topic.id)}
                />
              ))}
            </Card>
          ))}
        </View>
      ) : topics.isError ? (
        <ErrorState message={t("components.helpPanel.couldNotLoadHelp")} onRetry={() => void topics.refetch()} />
      ) : topics.fetchStatus === "paused" ? (
        <Body muted>{t("app.help.topicsNotSaved")}</Body>
      ) : (
        <Loading label={t("app.help.loadingTopics")} />
      )}

      <Heading>{t("resources.resources.educationalResources")}</Heading>
      <Body muted>{t("resources.resources.articlesOnTfsaRrsp")}</Body>
      {articles.data ? (
        articles.data.articles.length === 0 ? (
          <Body muted>{t("app.help.noArticles")}</Body>
        ) : (
          <View testID="article-list" style={{ gap: space.lg }}>
            <Body muted>{t("app.help.articleCount", { count: articles.data.articles.length })}</Body>
            {groupArticles(articles.data.articles).map((group) => (
              <Card key={group.category} title={group.category}>
                {group.articles.map((a) => (
                  <Row
                    key={a.id}
                    title={a.title}
                    label={levelAndTime(a, t)}
                    detail={<Text style={[styles.detail, { color: c.muted }]}>{a.summary}</Text>}
                    hint={t("app.help.opensArticle")}
                    onPress={() => openArticle(a.id)}
                  />
                ))}
              </Card>
            ))}
          </View>
        )
      ) : articles.isError ? (
        <ErrorState message={t("resources.resources.theArticlesCouldNot", { message: articles.error.message })} onRetry={() => void articles.refetch()} />
      ) : articles.fetchStatus === "paused" ? (
        <Body muted>{t("app.help.articlesNotSaved")}</Body>
      ) : (
        <Loading label={t("app.help.loadingArticles")} />
      )}
    </>
  );
}

export function HelpScreen() {
  const online = useOnline();
  const t = useT();
  const [text, setText] = useState("");
  const query = useDebouncedValue(text.trim().slice(0, 200), SEARCH_DEBOUNCE_MS);
  const search = useHelpSearch(query);
  const topics = useHelpTopics();
  const articles = useArticles();
  const stamps = query ? [search.dataUpdatedAt] : [topics.dataUpdatedAt, articles.dataUpdatedAt];
  const saved = stamps.filter((stamp) => stamp > 0);
  const updatedAt = saved.length ? Math.min(...saved) : undefined;
  const refresh = () => void Promise.all(query ? [search.refetch()] : [topics.refetch(), articles.refetch()]);

  return (
    <Screen onRefresh={online ? refresh : undefined} refreshing={query ? search.isRefetching : topics.isRefetching || articles.isRefetching}>
      <Heading>{t("components.helpPanel.helpCenter")}</Heading>
      <TextField
        label={t("components.helpPanel.searchHelpTopics")}
        placeholder={t("components.helpPanel.searchHelpTopics2")}
        value={text}
        onChangeText={setText}
        autoCapitalize="none"
        autoCorrect={false}
        returnKeyType="search"
        clearButtonMode="while-editing"
        maxLength={200}
        testID="help-search"
      />
      <OfflineBanner updatedAt={updatedAt} />
      {query ? (
        search.data ? (
          <View style={{ opacity: search.isPlaceholderData ? 0.6 : 1 }} accessibilityState={{ busy: search.isFetching }}>
            <SearchResults query={query} results={search.data} />
          </View>
        ) : search.isError ? (
          <ErrorState message={t("components.helpPanel.searchFailedPleaseTry")} onRetry={() => void search.refetch()} />
        ) : search.fetchStatus === "paused" ? (
          <>
            <Body muted>{t("app.help.searchOffline")}</Body>
            <Browse />
          </>
        ) : (
          <Loading label={t("app.help.searching")} />
        )
      ) : (
        <Browse />
      )}
    </Screen>
  );
}

const styles = StyleSheet.create({
  row: { paddingVertical: space.sm, borderTopWidth: StyleSheet.hairlineWidth, gap: 2 },
  title: { fontSize: typeScale.body, fontWeight: "600" },
  label: { fontSize: typeScale.small, fontWeight: "600" },
  detail: { fontSize: typeScale.small, lineHeight: 19 },
});
