/** /settings/properties: homes and other real estate with market value, purchase price and mortgage (its balance,
 * rate and monthly payment: the household plan pays it off and drops the payment from spending then). */
import { formatCurrency, formatPercent } from "@firepath/shared/format";
import { PROPERTY_FIELDS, PROPERTY_TYPES } from "@firepath/shared/settings-fields";
import { addProperty, deleteProperty, type Property, updateProperty, useProperties } from "@/api/properties";
import { CrudList } from "@/pages/settings/crud-list";
import { SettingsShell } from "@/pages/settings/settings-shell";
import { useLocalMigration } from "@/pages/settings/use-local-migration";

const typeLabel = (v: string) => PROPERTY_TYPES.find((o) => o.value === v)?.label ?? v;

export default function PropertiesSettingsPage() {
  useLocalMigration();
  const query = useProperties();
  const equity = (query.data ?? []).reduce((s, p) => s + Number(p.market_value) - Number(p.mortgage_balance), 0);
  return (
    <SettingsShell title="Properties" description="Real estate you own, for your net worth." tour="settings-properties">
      <CrudList<Property>
        title="Properties"
        description={query.data?.length ? `Total equity ${formatCurrency(equity)}` : "Add each property you own."}
        items={query.data}
        loading={query.isPending}
        loadError={query.isError ? "Failed to load properties" : null}
        onRetry={() => void query.refetch()}
        fields={PROPERTY_FIELDS}
        prefix="property"
        queryKey={["properties"]}
        form="settings_property"
        defaults={{ type: "house" }}
        add={addProperty as never}
        update={updateProperty as never}
        remove={deleteProperty}
        texts={{
          noun: "property", added: "Property added successfully", addFailed: "Failed to save property",
          updated: "Property updated successfully", updateFailed: "Failed to update property",
          deleted: "Property deleted successfully", deleteFailed: "Failed to delete property",
          empty: "No properties yet", emptyHint: "Add your home, a cottage or a rental to include them in your net worth.",
        }}
        render={(p) => (
          <div className="flex flex-wrap items-baseline justify-between gap-x-4">
            <span>
              <span className="font-medium">{typeLabel(p.type)}</span>{" "}
              {p.description && <span className="text-sm text-muted-foreground">{p.description}</span>}
            </span>
            <span className="text-sm tabular-nums">
              {formatCurrency(p.market_value)}
              {Number(p.mortgage_balance) > 0 && (
                <span className="text-muted-foreground">
                  {" "}· mortgage {formatCurrency(p.mortgage_balance)}
                  {p.mortgage_rate != null && ` at ${formatPercent(p.mortgage_rate, { digits: 2 })}`}
                  {p.mortgage_payment != null && `, ${formatCurrency(p.mortgage_payment)} a month`}
                </span>
              )}
            </span>
          </div>
        )}
      />
    </SettingsShell>
  );
}
