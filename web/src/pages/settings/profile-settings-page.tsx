/** /settings/profile: the personal profile (seven of its fields make up the profile's completion). Its e-mail is
 * the sign-in e-mail, shown read-only: the API keeps no second e-mail and ignores one sent. */
import { useMemo } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { profileQuery } from "@/api/profile";
import { saveProfile, type ProfileIn } from "@/api/profile-save";
import { useAuth } from "@/app/auth-provider";
import { useFormState, useSettingsSave } from "@/components/forms/use-settings-form";
import { RecordFormCard } from "@/pages/settings/record-form";
import { FormSkeleton, LoadError, SettingsShell } from "@/pages/settings/settings-shell";
import { useSettingsFields } from "@/components/forms/use-fields";
import { useT, Message } from "@/lib/i18n";

export default function ProfileSettingsPage() {
  const t = useT();
  const { PROFILE_FIELDS } = useSettingsFields();
  const { user } = useAuth();
  const query = useQuery(profileQuery());
  // A first visit starts from Canada.
  const record = useMemo(() => (query.data === undefined ? undefined : (query.data ?? { country: "Canada" })), [query.data]);
  const form = useFormState(PROFILE_FIELDS, "profile", record as Record<string, unknown> | undefined);
  const save = useSettingsSave({
    save: (body: ProfileIn) => saveProfile(body), invalidate: [["profile"]], form: "settings_profile",
    success: t("settings.profile.profileSavedSuccessfully"), failure: t("settings.profile.failedToSaveProfile"), onError: form.showServerErrors,
  });

  return (
    <SettingsShell title={t("settings.profile.personalProfile")} description={t("settings.profile.whoYouAreAnd")} tour="settings-profile">
      {query.isPending ? (
        <FormSkeleton rows={5} />
      ) : query.isError ? (
        <LoadError message={t("settings.profile.failedToLoadProfile")} onRetry={() => void query.refetch()} />
      ) : (
        <RecordFormCard
          title={t("settings.profile.aboutYou")}
          fields={PROFILE_FIELDS}
          prefix="profile"
          description={
            <span data-testid="profile-email">
              <Message
                id="settings.profile.email"
                values={{ email: user?.email ?? "", b: (c) => <strong>{c}</strong>, link: (c) => <Link className="underline" to="/contact">{c}</Link> }}
              />
            </span>
          }
          {...form}
          pending={save.isPending}
          onSubmit={() => {
            const body = form.check();
            if (body) save.mutate(body as ProfileIn);
          }}
        />
      )}
    </SettingsShell>
  );
}
