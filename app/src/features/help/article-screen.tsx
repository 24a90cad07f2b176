/** One article (GET /api/v1/articles/{id}): title, category, level and reading time, when it was updated, the
 * summary, its Markdown body, its sources (opened in the browser) and related reading; or one help topic
 * (kind=topic: GET /api/v1/help/topics/{id}) with its tags and "Watch Tutorial". Kept on the device for offline. */
import { ApiError } from "@firepath/shared/api";
import { useLocalSearchParams } from "expo-router";
import { Linking, Pressable, StyleSheet, Text, View } from "react-native";
import { OfflineBanner } from "@/components/offline-banner";
import { Body, Button, Card, ErrorState, Loading, Screen } from "@/components/ui";
import { useFormat, useT } from "@/lib/i18n";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { type Article, type HelpTopic, levelAndTime, useArticle, useHelpTopic } from "./help-api";
import { Markdown, openArticle } from "./markdown";

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

function Title({ children }: { children: string }) {
  const c = useColours();
  return (
    <Text accessibilityRole="header" testID="article-title" style={[styles.title, { color: c.text }]}>
      {children}
    </Text>
  );
}

function ArticleView({ article: a }: { article: Article }) {
  const c = useColours();
  const t = useT();
  const fmt = useFormat();
  const sources = a.sources.filter((s) => /^https?:/i.test(s.url));
  return (
    <>
      <View style={{ gap: space.sm }}>
        <Title>{a.title}</Title>
        <Text style={[styles.meta, { color: c.muted }]}>
          {`${a.category} · ${levelAndTime(a, t)}`}
        </Text>
        <Text style={[styles.meta, { color: c.muted }]}>
          {t("resources.article.updatedWords", { updated: fmt.date(a.updated), value: fmt.number(a.word_count) })}
        </Text>
        <Body muted style={styles.summary}>{a.summary}</Body>
      </View>
      <Markdown source={a.content} testID="article-body" />
      {sources.length > 0 ? (
        <Card title={t("resources.article.sources")} testID="article-sources">
          {sources.map((s) => (
            <Pressable
              key={s.url}
              accessibilityRole="link"
              accessibilityLabel={s.title}
              accessibilityHint={t("app.help.opensInBrowser")}
              onPress={() => void Linking.openURL(s.url)}
              style={styles.tap}
            >
              <Text style={[styles.link, { color: c.primary }]}>{`${s.title} ↗`}</Text>
            </Pressable>
          ))}
        </Card>
      ) : null}
      {a.related.length > 0 ? (
        <Card title={t("resources.article.relatedReading")} testID="related-articles">
          {a.related.map((r) => (
            <Pressable
              key={r.id}
              accessibilityRole="button"
              accessibilityHint={t("app.help.opensArticle")}
              onPress={() => openArticle(r.id)}
              style={styles.tap}
            >
              <Text style={[styles.link, { color: c.primary }]}>{r.title}</Text>
              <Text style={[styles.meta, { color: c.muted }]}>{`${r.category} · ${levelAndTime(r, t)}`}</Text>
            </Pressable>
          ))}
        </Card>
      ) : null}
    </>
  );
}

function TopicView({ topic }: { topic: HelpTopic }) {
  const c = useColours();
  const t = useT();
  const video = topic.video_url && /^https?:/i.test(topic.video_url) ? topic.video_url : null;
  return (
    <>
      <View style={{ gap: space.xs }}>
        <Title>{topic.title}</Title>
        <Text style={[styles.meta, { color: c.muted }]}>{topic.category}</Text>
      </View>
      <Markdown source={topic.content} testID="article-body" />
      {topic.tags.length > 0 ? (
        <View accessibilityLabel={t("components.helpPanel.tags")} style={styles.tags}>
          {topic.tags.map((tag) => (
            <Text key={tag} style={[styles.tag, { borderColor: c.border, color: c.text }]}>{tag}</Text>
          ))}
        </View>
      ) : null}
      {video ? <Button label={t("components.helpPanel.watchTutorial")} variant="secondary" accessibilityHint={t("app.help.opensInBrowser")} onPress={() => void Linking.openURL(video)} /> : null}
    </>
  );
}

export function ArticleScreen() {
  const params = useLocalSearchParams<{ slug?: string; kind?: string }>();
  const t = useT();
  const slug = first(params.slug);
  const isTopic = first(params.kind) === "topic";
  const article = useArticle(slug, !isTopic && slug.length > 0);
  const topic = useHelpTopic(slug, isTopic && slug.length > 0);
  const query = isTopic ? topic : article;

  let content: React.ReactNode;
  if (article.data && !isTopic) content = <ArticleView article={article.data} />;
  else if (topic.data && isTopic) content = <TopicView topic={topic.data} />;
  else if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    content = missing ? (
      <ErrorState message={isTopic ? t("app.help.topicNotFound") : t("app.help.articleNotFound")} />
    ) : (
      <ErrorState
        message={isTopic ? t("app.help.topicLoadFailed", { message: query.error.message }) : t("app.help.articleLoadFailed", { message: query.error.message })} onRetry={() => void query.refetch()} />
    );
  } else if (query.fetchStatus === "paused") {
    content = <ErrorState message={isTopic ? t("app.help.topicOffline") : t("app.help.articleOffline")} />;
  } else content = <Loading label={isTopic ? t("app.help.loadingTopic") : t("resources.article.loadingTheArticle")} />;

  return (
    <Screen onRefresh={() => void query.refetch()} refreshing={query.isRefetching}>
      <OfflineBanner updatedAt={query.dataUpdatedAt || undefined} />
      {content}
    </Screen>
  );
}

const styles = StyleSheet.create({
  title: { fontSize: typeScale.figure, fontWeight: "700" },
  meta: { fontSize: typeScale.small },
  summary: { fontSize: typeScale.body + 1 },
  tap: { minHeight: 44, justifyContent: "center", paddingVertical: space.xs, gap: 2 },
  link: { fontSize: typeScale.body, textDecorationLine: "underline" },
  tags: { flexDirection: "row", flexWrap: "wrap", gap: space.xs },
  tag: { borderWidth: 1, borderRadius: 12, paddingHorizontal: space.sm, paddingVertical: 2, fontSize: typeScale.small },
});
