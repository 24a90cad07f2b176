/** What waits on the device for this form: saves not sent yet, the ones the server refused (with its message and
 * a Discard button), and the outbox's notices (a conflict that kept the server's version, the queue sent). */
import { StyleSheet, Text, View } from "react-native";
import { Button } from "@/components/ui";
import { useAuth } from "@/features/auth/auth-provider";
import { useT } from "@/lib/i18n";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { useEffect } from "react";
import { discardSave, dismissNotice, loadOutbox, type PendingSave, useOutbox } from "./outbox";

/** A save belongs to a form when its label is the form's title or starts with it ("Bank Accounts: add TFSA"). */
export const belongsTo = (save: PendingSave, title: string) => save.label === title || save.label.startsWith(`${title}: `);

export function OutboxPanel({ title }: { title: string }) {
  const c = useColours();
  const t = useT();
  // Only this account's saves: another account's wait on the device until it signs in again.
  const { queue, notices } = useOutbox(useAuth().session?.user.id ?? null);
  // The queue is read from the device at start; read it here too in case this screen opens first.
  useEffect(() => {
    void loadOutbox();
  }, []);
  const mine = queue.filter((q) => belongsTo(q, title));
  return (
    <>
      {notices.map((n) => (
        <View key={n.id} accessibilityRole="alert" testID="outbox-notice" style={[styles.box, { backgroundColor: c.warningBg }]}>
          <Text style={[styles.text, { color: c.warning }]}>{n.text}</Text>
          <Button label={t("app.outbox.dismiss")} variant="secondary" onPress={() => dismissNotice(n.id)} accessibilityHint={t("app.outbox.dismissHint")} />
        </View>
      ))}
      {mine.length > 0 ? (
        <View testID="outbox-pending" style={[styles.box, { borderColor: c.border, borderWidth: 1, backgroundColor: c.card }]}>
          <Text accessibilityRole="header" style={[styles.title, { color: c.text }]}>
            {t("app.outbox.waiting")}
          </Text>
          {mine.map((q) => (
            <View key={q.id} style={styles.row} testID="outbox-item">
              <Text style={[styles.text, { color: c.text }]}>
                {q.label}
              </Text>
              {q.error ? (
                <>
                  <Text accessibilityRole="alert" style={[styles.text, { color: c.danger }]}>
                    {t("app.outbox.notSaved", { error: q.error })}
                  </Text>
                  <Button
                    label={t("app.outbox.discard")}
                    variant="danger"
                    accessibilityHint={t("app.outbox.discardHint", { label: q.label })}
                    onPress={() => void discardSave(q.id)}
                  />
                </>
              ) : (
                <Text style={[styles.small, { color: c.muted }]}>{t("app.settings.queued")}</Text>
              )}
            </View>
          ))}
        </View>
      ) : null}
    </>
  );
}

const styles = StyleSheet.create({
  box: { padding: space.md, borderRadius: 8, gap: space.sm },
  title: { fontSize: typeScale.body, fontWeight: "700" },
  row: { gap: space.xs },
  text: { fontSize: typeScale.body },
  small: { fontSize: typeScale.small },
});
