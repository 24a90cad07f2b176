/** /settings/properties: homes and other real estate with market value, purchase price and mortgage (its balance,
 * rate and monthly payment: the household plan pays it off and drops the payment from spending then). */
import { addProperty, deleteProperty, type Property, updateProperty, useProperties } from "@/api/properties";
import { CrudList } from "@/pages/settings/crud-list";
import { SettingsShell } from "@/pages/settings/settings-shell";
import { useLocalMigration } from "@/pages/settings/use-local-migration";
import { labelOf } from "@firepath/shared/form-kit";
import { useSettingsFields } from "@/components/forms/use-fields";
import { useT, useFormat } from "@/lib/i18n";


export default function PropertiesSettingsPage() {
  const fmt = useFormat();
  const t = useT();
  const { PROPERTY_FIELDS, PROPERTY_TYPES } = useSettingsFields();
  useLocalMigration();
  const query = useProperties();
  const equity = (query.data ?? []).reduce((s, p) => s + Number(p.market_value) - Number(p.mortgage_balance), 0);
  return (
    <SettingsShell title={t("settings.properties.properties")} description={t("settings.properties.realEstateYouOwn")} tour="settings-properties">
      <CrudList<Property>
        title={t("settings.properties.properties")}
        description={query.data?.length ? t("settings.properties.totalEquity", { equity: fmt.money(equity) }) : t("settings.properties.addEachPropertyYou")}
        items={query.data}
        loading={query.isPending}
        loadError={query.isError ? t("settings.properties.failedToLoadProperties") : null}
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
          noun: t("settings.noun.property"), gender: t("settings.noun.propertyGender"), added: t("settings.properties.propertyAddedSuccessfully"), addFailed: t("settings.properties.failedToSaveProperty"),
          updated: t("settings.properties.propertyUpdatedSuccessfully"), updateFailed: t("settings.properties.failedToUpdateProperty"),
          deleted: t("settings.properties.propertyDeletedSuccessfully"), deleteFailed: t("settings.properties.failedToDeleteProperty"),
          empty: t("settings.properties.noPropertiesYet"), emptyHint: t("settings.properties.addYourHomeA"),
        }}
        render={(p) => (
          <div className="flex flex-wrap items-baseline justify-between gap-x-4">
            <span>
              <span className="font-medium">{labelOf(PROPERTY_TYPES, p.type)}</span>&#32;
              {p.description && <span className="text-sm text-muted-foreground">{p.description}</span>}
            </span>
            <span className="text-sm tabular-nums">
              {fmt.money(p.market_value)}
              {Number(p.mortgage_balance) > 0 && (
                <span className="text-muted-foreground">
                  {t("settings.properties.mortgage", { mortgage_balance: fmt.money(p.mortgage_balance) })}
                  {p.mortgage_rate != null && t("settings.properties.at", { mortgage_rate: fmt.percent(p.mortgage_rate, { digits: 2 }) })}
                  {p.mortgage_payment != null && t("settings.properties.aMonth", { mortgage_payment: fmt.money(p.mortgage_payment) })}
                </span>
              )}
              {Number(p.monthly_rental_income ?? 0) > 0 && (
                <span className="text-muted-foreground">{t("settings.properties.rent", { rent: fmt.money(p.monthly_rental_income) })}</span>
              )}
            </span>
          </div>
        )}
      />
    </SettingsShell>
  );
}
