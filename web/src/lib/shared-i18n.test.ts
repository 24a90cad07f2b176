import { checkField as checkCalcField, toRaw } from "@firepath/shared/calc-fields";
import { EN_CA } from "@firepath/shared/i18n/en-CA";
import { formatCurrency, formatDate, formatMonth, formatNumber, formatPercent, formattersFor } from "@firepath/shared/i18n/format";
import { FR_CA } from "@firepath/shared/i18n/fr-CA";
import { matchLocale } from "@firepath/shared/i18n/locales";
import { amountOrNull, amountText, parseAmount } from "@firepath/shared/i18n/parse-amount";
import { isPlain, plainEnglish } from "@firepath/shared/i18n/plain-english";
import { checkField, fromForm, type FieldDef, toForm } from "@firepath/shared/form-kit";
import { settingsFields } from "@firepath/shared/settings-fields";
import { creditScoreFor } from "@firepath/shared/validation";
import { createIntl, createIntlCache } from "react-intl";
import { describe, expect, it } from "vitest";
import { i18nOf } from "@/lib/i18n";

const NBSP = "\u00a0";
const french = i18nOf(createIntl({ locale: "fr-CA", messages: { ...EN_CA, ...FR_CA } }, createIntlCache()));
const english = i18nOf(createIntl({ locale: "en-CA", messages: EN_CA }, createIntlCache()));

describe("formatting in fr-CA", () => {
  it("writes money, percentages and numbers as French Canadians do", () => {
    expect(formatCurrency(1234.56, { locale: "fr-CA" })).toBe(`1${NBSP}234,56${NBSP}$`);
    expect(formatCurrency(2500000, { locale: "fr-CA", wholeDollars: true })).toBe(`2${NBSP}500${NBSP}000${NBSP}$`);
    expect(formatPercent(0.125, { locale: "fr-CA" })).toBe(`12,5${NBSP}%`);
    expect(formatPercent(0.04, { locale: "fr-CA" })).toBe(`4${NBSP}%`);
    expect(formatNumber(1234567, { locale: "fr-CA" })).toBe(`1${NBSP}234${NBSP}567`);
  });
  it("writes dates and months in French", () => {
    expect(formatDate("2026-07-01", { locale: "fr-CA" })).toBe("1 juill. 2026");
    expect(formatMonth("2035-08-01", { locale: "fr-CA" })).toBe("août 2035");
  });
  it("binds every formatter to one language, English unchanged", () => {
    const en = formattersFor("en-CA");
    expect([en.money(1234.5), en.percent(0.045), en.date("2026-07-01"), en.month("2035-08-01")]).toEqual(["$1,234.50", "4.5%", "Jul 1, 2026", "August 2035"]);
    expect(formattersFor("fr-CA").money(null)).toBe("—");
  });
});

describe("reading typed amounts", () => {
  const read = (raw: string, locale: "en-CA" | "fr-CA") => {
    const r = parseAmount(raw, locale);
    return r.kind === "number" ? r.value : r.kind;
  };
  it("reads fr-CA amounts with spaces for thousands and a decimal comma", () => {
    expect(read("1 234,56", "fr-CA")).toBe(1234.56);
    expect(read(`1${NBSP}234,56${NBSP}$`, "fr-CA")).toBe(1234.56);
    expect(read(`1\u202f234`, "fr-CA")).toBe(1234);
    expect(read("12,5", "fr-CA")).toBe(12.5);
    expect(read("-0,75", "fr-CA")).toBe(-0.75);
    expect(read("12.5", "fr-CA")).toBe(12.5); // a keypad's point cannot be a thousands separator here
    expect(read("1234,567", "fr-CA")).toBe(1234.567);
  });
  it("refuses in fr-CA what could mean two amounts", () => {
    for (const raw of ["1,234", "12,500", "1.234", "1.234,5", "1,234.5", "1,2,3"]) expect(read(raw, "fr-CA")).toBe("separators");
  });
  it("reads en-CA amounts as before and refuses a decimal comma", () => {
    expect(read("1,234.56", "en-CA")).toBe(1234.56);
    expect(read("$1,234", "en-CA")).toBe(1234);
    for (const raw of ["12,5", "1.234,5", "4 500,50"]) expect(read(raw, "en-CA")).toBe("separators");
  });
  it("refuses exponents, hex and words in both languages", () => {
    for (const locale of ["en-CA", "fr-CA"] as const) {
      for (const raw of ["1e6", "0x10", "Infinity", "abc", "--5"]) expect(read(raw, locale)).toBe("invalid");
      expect(read("  ", locale)).toBe("empty");
    }
    expect(amountOrNull("1,234", "fr-CA")).toBeNull();
  });
  it("writes numbers back for editing with the language's decimal mark", () => {
    expect(amountText(1234.5, "fr-CA")).toBe("1234,5");
    expect(amountText(1234.5, "en-CA")).toBe("1234.5");
  });
});

describe("shared checks in French", () => {
  const fields = settingsFields(french.t);
  const salary = fields.INCOME_FIELDS[0];
  it("names French fields and reads French amounts", () => {
    expect(salary.label).toBe("Salaire annuel (avant impôt)");
    expect(checkField(salary, "85 000,50", french)).toBeNull();
    expect(fromForm({ annual_salary: "85 000,50" }, [salary], "fr-CA")).toEqual({ annual_salary: 85000.5 });
  });
  it("refuses ambiguous amounts with a French message", () => {
    expect(checkField(salary, "1,234", french)).toBe(
      "Le champ « Salaire annuel (avant impôt) » doit contenir un nombre : séparez les milliers par une espace (1 234) et les décimales par une virgule (12,50)",
    );
    expect(checkField(salary, "abc", french)).toBe("Le champ « Salaire annuel (avant impôt) » doit contenir un nombre");
  });
  it("keeps the English messages exactly", () => {
    const en = settingsFields(english.t).INCOME_FIELDS[0];
    expect(checkField(en, "12,5", english)).toBe("Annual salary (before tax) must be a number: use a point for decimals (12.50)");
    expect(creditScoreFor(english).safeParse(250).error?.issues[0].message).toBe("Credit score must be between 300 and 900");
  });
  it("shows saved numbers and calculator bounds in French", () => {
    const rate: FieldDef = { name: "r", label: "Taux", kind: "rate", min: 0, max: 100 };
    expect(toForm({ r: 0.0479 }, [rate], "fr-CA")).toEqual({ r: "4,79" });
    const pct = { name: "p", label: "Rendement", kind: "percent" as const, min: 0, max: 12.5 };
    expect(checkCalcField(pct, "13", french).error).toBe(`Le champ « Rendement » doit être d’au moins 0${NBSP}% et d’au plus 12,5${NBSP}%`);
    expect(toRaw(pct, 0.055, "fr-CA")).toBe("5,5");
  });
});

describe("the catalogues", () => {
  it("holds every English message in French, and no other", () => {
    expect(Object.keys(FR_CA).sort()).toEqual(Object.keys(EN_CA).sort());
  });
  it("keeps the messages shared code shows without an ICU formatter plain", () => {
    const shared = Object.entries(EN_CA).filter(([id]) => /^(validation|fields|canada)\./.test(id));
    expect(shared.filter(([, text]) => !isPlain(text))).toEqual([]);
    expect(plainEnglish("validation.between", { field: "Age", min: "0", max: "120" })).toBe("Age must be between 0 and 120");
  });
});

describe("the browser's language", () => {
  it("reads any French as fr-CA and anything else as en-CA", () => {
    expect(matchLocale(["fr-FR", "en"])).toBe("fr-CA");
    expect(matchLocale(["fr"])).toBe("fr-CA");
    expect(matchLocale(["en-US", "fr-CA"])).toBe("en-CA");
    expect(matchLocale(["de-DE", "fr"])).toBe("fr-CA");
    expect(matchLocale(["de-DE"])).toBe("en-CA");
    expect(matchLocale([])).toBe("en-CA");
  });
});
