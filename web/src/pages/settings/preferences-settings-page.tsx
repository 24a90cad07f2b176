/** /settings/preferences: planning assumptions saved in the API (currency, locale, return rate, FIRE multiplier,
 * projection years, retirement age) and this browser's accessibility settings (applied at once). */
import { PREFERENCE_FIELDS } from "@firepath/shared/settings-fields";
import { useMemo } from "react";
import { type PreferencesIn, savePreferences, usePreferences } from "@/api/preferences";
import { type FontSize, useAccessibility } from "@/app/accessibility-provider";
import { useFormState, useSettingsSave } from "@/components/forms/use-settings-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";
import { RecordFormCard } from "@/pages/settings/record-form";
import { FormSkeleton, LoadError, SettingsShell } from "@/pages/settings/settings-shell";

const FONT_SIZES: { value: FontSize; label: string }[] = [
  { value: "small", label: "Small" }, { value: "medium", label: "Medium" }, { value: "large", label: "Large" }, { value: "x-large", label: "Extra large" },
];

function AccessibilityCard() {
  const a11y = useAccessibility();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Accessibility</CardTitle>
        <CardDescription>Saved in this browser and applied right away.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-center gap-2">
          <input id="a11y-reduced-motion" type="checkbox" className="size-4 accent-primary" checked={a11y.reducedMotion} onChange={(e) => a11y.update({ reducedMotion: e.target.checked })} />
          <Label htmlFor="a11y-reduced-motion">Reduce motion</Label>
        </div>
        <div className="flex items-center gap-2">
          <input id="a11y-high-contrast" type="checkbox" className="size-4 accent-primary" checked={a11y.highContrast} onChange={(e) => a11y.update({ highContrast: e.target.checked })} />
          <Label htmlFor="a11y-high-contrast">High contrast</Label>
        </div>
        <div className="flex max-w-xs flex-col gap-2">
          <Label htmlFor="a11y-font-size">Text size</Label>
          <NativeSelect id="a11y-font-size" value={a11y.fontSize} onChange={(e) => a11y.update({ fontSize: e.target.value as FontSize })}>
            {FONT_SIZES.map((f) => <option key={f.value} value={f.value}>{f.label}</option>)}
          </NativeSelect>
        </div>
      </CardContent>
    </Card>
  );
}

export default function PreferencesSettingsPage() {
  const query = usePreferences();
  const record = useMemo(() => query.data as Record<string, unknown> | undefined, [query.data]);
  const form = useFormState(PREFERENCE_FIELDS, "prefs", record);
  const save = useSettingsSave({
    save: (body: PreferencesIn) => savePreferences(body), invalidate: [["preferences"]], form: "settings_preferences",
    success: "Preferences saved successfully", failure: "Failed to save preferences", onError: form.showServerErrors,
  });

  return (
    <SettingsShell title="Preferences" description="The assumptions behind your projections, and how FIRE Path looks." tour="settings-preferences">
      {query.isPending ? (
        <FormSkeleton rows={3} />
      ) : query.isError ? (
        <LoadError message="Failed to load preferences" onRetry={() => void query.refetch()} />
      ) : (
        <RecordFormCard
          title="Planning assumptions"
          fields={PREFERENCE_FIELDS}
          prefix="prefs"
          {...form}
          pending={save.isPending}
          submitLabel="Save preferences"
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
