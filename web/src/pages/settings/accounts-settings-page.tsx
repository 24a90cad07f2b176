/** /settings/accounts: bank and investment accounts (TFSA, RRSP, FHSA, non-registered, chequing...). */
import { useEffect } from "react";
import { toast } from "sonner";
import { addAccount, type Account, deleteAccount, updateAccount, useAccounts } from "@/api/accounts";
import { CrudList } from "@/pages/settings/crud-list";
import { SettingsShell } from "@/pages/settings/settings-shell";
import { useLocalMigration } from "@/pages/settings/use-local-migration";
import { labelOf } from "@firepath/shared/form-kit";
import { useSettingsFields } from "@/components/forms/use-fields";
import { useT, useFormat } from "@/lib/i18n";


export default function AccountsSettingsPage() {
  const fmt = useFormat();
  const t = useT();
  const { ACCOUNT_FIELDS, ACCOUNT_TYPES, ACCOUNT_OWNERS } = useSettingsFields();
  useLocalMigration();
  const query = useAccounts();
  useEffect(() => {
    if (query.isError) toast.error(t("settings.accounts.failedToLoadAccounts"));
  }, [query.isError, t]);
  const total = (query.data ?? []).reduce((s, a) => s + Number(a.balance), 0);

  return (
    <SettingsShell title={t("settings.accounts.bankAccounts")} description={t("settings.accounts.whereYourMoneyIs")} tour="settings-accounts">
      <CrudList<Account>
        title={t("settings.accounts.accounts")}
        description={query.data?.length ? t("settings.accounts.totalBalance", { total: fmt.money(total) }) : t("settings.accounts.addEachAccountYou")}
        items={query.data}
        loading={query.isPending}
        loadError={query.isError ? t("settings.accounts.failedToLoadAccounts") : null}
        onRetry={() => void query.refetch()}
        fields={ACCOUNT_FIELDS}
        prefix="account"
        queryKey={["accounts"]}
        form="settings_account"
        defaults={{ account_type: "tfsa", owner: "self" }}
        add={addAccount as never}
        update={updateAccount as never}
        remove={deleteAccount}
        texts={{
          noun: t("settings.noun.account"), gender: t("settings.noun.accountGender"), added: t("settings.accounts.accountAddedSuccessfully"), addFailed: t("settings.accounts.failedToSaveAccount"),
          updated: t("settings.accounts.accountUpdatedSuccessfully"), updateFailed: t("settings.accounts.failedToUpdateAccount"),
          deleted: t("settings.accounts.accountDeletedSuccessfully"), deleteFailed: t("settings.accounts.failedToDeleteAccount"),
          empty: t("settings.accounts.noAccountsYet"), emptyHint: t("settings.accounts.addYourTfsaRrsp"),
        }}
        render={(a) => (
          <div className="flex flex-wrap items-baseline justify-between gap-x-4">
            <span>
              <span className="font-medium">{a.account_name}</span>&#32;
              <span className="text-sm text-muted-foreground">{labelOf(ACCOUNT_TYPES, a.account_type)}{a.owner && a.owner !== "self" ? t("settings.accounts.text", { owner: labelOf(ACCOUNT_OWNERS, a.owner) }) : ""}{a.institution ? t("settings.accounts.text2", { institution: a.institution }) : ""}</span>
            </span>
            <span className="tabular-nums">{fmt.money(a.balance)}</span>
          </div>
        )}
      />
    </SettingsShell>
  );
}
