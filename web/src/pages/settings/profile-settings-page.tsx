/** /settings/profile: the personal profile (seven of its fields make up the profile's completion). Its e-mail is
 * the sign-in e-mail, shown read-only: the API keeps no second e-mail and ignores one sent. */
import { PROFILE_FIELDS } from "@firepath/shared/settings-fields";
import { useMemo } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { profileQuery } from "@/api/profile";
import { saveProfile, type ProfileIn } from "@/api/profile-save";
import { useAuth } from "@/app/auth-provider";
import { useFormState, useSettingsSave } from "@/components/forms/use-settings-form";
import { RecordFormCard } from "@/pages/settings/record-form";
import { FormSkeleton, LoadError, SettingsShell } from "@/pages/settings/settings-shell";

export default function ProfileSettingsPage() {
  const { user } = useAuth();
  const query = useQuery(profileQuery());
  // A first visit starts from Canada.
  const record = useMemo(() => (query.data === undefined ? undefined : (query.data ?? { country: "Canada" })), [query.data]);
  const form = useFormState(PROFILE_FIELDS, "profile", record as Record<string, unknown> | undefined);
  const save = useSettingsSave({
    save: (body: ProfileIn) => saveProfile(body), invalidate: [["profile"]], form: "settings_profile",
    success: "Profile saved successfully", failure: "Failed to save profile", onError: form.showServerErrors,
  });

  return (
    <SettingsShell title="Personal Profile" description="Who you are and where you live: the basis of your tax and benefit estimates." tour="settings-profile">
      {query.isPending ? (
        <FormSkeleton rows={5} />
      ) : query.isError ? (
        <LoadError message="Failed to load profile" onRetry={() => void query.refetch()} />
      ) : (
        <RecordFormCard
          title="About you"
          fields={PROFILE_FIELDS}
          prefix="profile"
          description={
            <span data-testid="profile-email">
              Your e-mail: <strong>{user?.email}</strong>, the one you sign in with and where FIRE Path writes to you.
              It is not changed here; to use another one, <Link className="underline" to="/contact">contact us</Link>.
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
