/** Runs the one-time local import when the accounts or properties page opens, toasting
 * 'Accounts migrated to database' and refreshing the lists and completion when anything moved. */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "sonner";
import { migrateLocalData } from "@/pages/settings/local-migration";
import { useT } from "@/lib/i18n";

export function useLocalMigration(): void {
  const t = useT();
  const qc = useQueryClient();
  useEffect(() => {
    migrateLocalData()
      .then(async (moved) => {
        if (moved > 0) {
          toast.success(t("settings.useLocalMigration.accountsMigratedToDatabase"));
          // The page's first fetch of the lists may still be in flight, sent before the import committed. An
          // invalidation alone joins a first fetch (one that has no data yet) instead of refetching, and the
          // lists would stay empty: cancel it, then fetch again.
          await Promise.all(
            [["accounts"], ["properties"], ["completion"]].map(async (queryKey) => {
              await qc.cancelQueries({ queryKey });
              await qc.invalidateQueries({ queryKey });
            }),
          );
        }
      })
      .catch((error: unknown) => console.warn("local accounts not migrated", error));
  }, [qc, t]);
}
