/** /settings/preferences: planning assumptions saved in the API (currency, locale, return rate, FIRE multiplier,
 * projection years, retirement age) and this browser's accessibility settings (applied at once). */
import { msg, type MessageId } from "@firepath/shared/i18n/messages";
import { useMemo } from "react";
import { type PreferencesIn, savePreferences, usePreferences } from "@/api/preferences";
import { type FontSize, useAccessibility } from "@/app/accessibility-provider";
import { useFormState, useSettingsSave } from "@/components/forms/use-settings-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";
import { RecordFormCard } from "@/pages/settings/record-form";
import { FormSkeleton, LoadError, SettingsShell } from "@/pages/settings/settings-shell";
import { useSettingsFields } from "@/components/forms/use-fields";
import { useT } from "@/lib/i18n";

const FONT_SIZES: { value: FontSize; label: MessageId }[] = [
  { value: "small", label: msg("settings.preferences.fontSmall") }, { value: "medium", label: msg("settings.preferences.fontMedium") },
  { value: "large", label: msg("settings.preferences.fontLarge") }, { value: "x-large", label: msg("settings.preferences.fontExtraLarge") },
];

function AccessibilityCard() {
  const t = useT();
  const a11y = useAccessibility();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("settings.preferences.accessibility")}</CardTitle>
        <CardDescription>{t("settings.preferences.savedInThisBrowser")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-center gap-2">
          <input id="a11y-reduced-motion" type="checkbox" className="size-4 accent-primary" checked={a11y.reducedMotion} onChange={(e) => a11y.update({ reducedMotion: e.target.checked })} />
          <Label htmlFor="a11y-reduced-motion">{t("settings.preferences.reduceMotion")}</Label>
        </div>
        <div className="flex items-center gap-2">
          <input id="a11y-high-contrast" type="checkbox" className="size-4 accent-primary" checked={a11y.highContrast} onChange={(e) => a11y.update({ highContrast: e.target.checked })} />
          <Label htmlFor="a11y-high-contrast">{t("settings.preferences.highContrast")}</Label>
        </div>
        <div className="flex max-w-xs flex-col gap-2">
          <Label htmlFor="a11y-font-size">{t("settings.preferences.textSize")}</Label>
          <NativeSelect id="a11y-font-size" value={a11y.fontSize} onChange={(e) => a11y.update({ fontSize: e.target.value as FontSize })}>
            {FONT_SIZES.map((f) => <option key={f.value} value={f.value}>{t(f.label)}</option>)}
          </NativeSelect>
        </div>
      </CardContent>
    </Card>
  );
}

export default function PreferencesSettingsPage() {
  const t = useT();
  const { PREFERENCE_FIELDS } = useSettingsFields();
  const query = usePreferences();
  const record = useMemo(() => query.data as Record<string, unknown> | undefined, [query.data]);
  const form = useFormState(PREFERENCE_FIELDS, "prefs", record);
  const save = useSettingsSave({
    save: (body: PreferencesIn) => savePreferences(body), invalidate: [["preferences"]], form: "settings_preferences",
    success: t("settings.preferences.preferencesSavedSuccessfully"), failure: t("settings.preferences.failedToSavePreferences"), onError: form.showServerErrors,
  });

  return (
    <SettingsShell title={t("settings.preferences.preferences")} description={t("settings.preferences.theAssumptionsBehindYour")} tour="settings-preferences">
      {query.isPending ? (
        <FormSkeleton rows={3} />
      ) : query.isError ? (
        <LoadError message={t("settings.preferences.failedToLoadPreferences")} onRetry={() => void query.refetch()} />
      ) : (
        <RecordFormCard
          title={t("settings.preferences.planningAssumptions")}
          fields={PREFERENCE_FIELDS}
          prefix="prefs"
          {...form}
          pending={save.isPending}
          submitLabel={t("settings.preferences.savePreferences")}
          onSubmit={() => {
            const body = form.check();
            if (body) save.mutate(body as PreferencesIn);
          }}
        />
      )}
      <AccessibilityCard />
    </SettingsShell>
  );
}
