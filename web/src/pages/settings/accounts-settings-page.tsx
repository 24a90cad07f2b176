/** /settings/accounts: bank and investment accounts (TFSA, RRSP, FHSA, non-registered, chequing...). */
import { formatCurrency } from "@firepath/shared/format";
import { ACCOUNT_FIELDS, ACCOUNT_OWNERS, ACCOUNT_TYPES } from "@firepath/shared/settings-fields";
import { useEffect } from "react";
import { toast } from "sonner";
import { addAccount, type Account, deleteAccount, updateAccount, useAccounts } from "@/api/accounts";
import { CrudList } from "@/pages/settings/crud-list";
import { SettingsShell } from "@/pages/settings/settings-shell";
import { useLocalMigration } from "@/pages/settings/use-local-migration";

const typeLabel = (v: string) => ACCOUNT_TYPES.find((o) => o.value === v)?.label ?? v;
const ownerLabel = (v: string) => ACCOUNT_OWNERS.find((o) => o.value === v)?.label ?? v;

export default function AccountsSettingsPage() {
  useLocalMigration();
  const query = useAccounts();
  useEffect(() => {
    if (query.isError) toast.error("Failed to load accounts");
  }, [query.isError]);
  const total = (query.data ?? []).reduce((s, a) => s + Number(a.balance), 0);

  return (
    <SettingsShell title="Bank Accounts" description="Where your money is held, registered or not." tour="settings-accounts">
      <CrudList<Account>
        title="Accounts"
        description={query.data?.length ? `Total balance ${formatCurrency(total)}` : "Add each account you hold."}
        items={query.data}
        loading={query.isPending}
        loadError={query.isError ? "Failed to load accounts" : null}
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
          noun: "account", added: "Account added successfully", addFailed: "Failed to save account",
          updated: "Account updated successfully", updateFailed: "Failed to update account",
          deleted: "Account deleted successfully", deleteFailed: "Failed to delete account",
          empty: "No accounts yet", emptyHint: "Add your TFSA, RRSP, FHSA, chequing or other accounts.",
        }}
        render={(a) => (
          <div className="flex flex-wrap items-baseline justify-between gap-x-4">
            <span>
              <span className="font-medium">{a.account_name}</span>{" "}
              <span className="text-sm text-muted-foreground">{typeLabel(a.account_type)}{a.owner && a.owner !== "self" ? ` · ${ownerLabel(a.owner)}` : ""}{a.institution ? ` · ${a.institution}` : ""}</span>
            </span>
            <span className="tabular-nums">{formatCurrency(a.balance)}</span>
          </div>
        )}
      />
    </SettingsShell>
  );
}
