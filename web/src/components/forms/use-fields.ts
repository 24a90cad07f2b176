/** The settings field lists (packages/shared/settings-fields) named in the current language. */
import { settingsFields, type SettingsFields } from "@firepath/shared/settings-fields";
import { useMemo } from "react";
import { useT } from "@/lib/i18n";

export function useSettingsFields(): SettingsFields {
  const t = useT();
  return useMemo(() => settingsFields(t), [t]);
}
