/** Provinces and territories, as the API's `api/planning/canada.py` lists them: the one list the web and Expo
 * clients read, with each one's name in the catalogue (English by default). */
import { msg, type MessageId, type Translate } from "./i18n/messages";
import { plainEnglish } from "./i18n/plain-english";

const NAMES = {
  AB: msg("canada.province.AB"), BC: msg("canada.province.BC"), MB: msg("canada.province.MB"), NB: msg("canada.province.NB"),
  NL: msg("canada.province.NL"), NS: msg("canada.province.NS"), NT: msg("canada.province.NT"), NU: msg("canada.province.NU"),
  ON: msg("canada.province.ON"), PE: msg("canada.province.PE"), QC: msg("canada.province.QC"), SK: msg("canada.province.SK"),
  YT: msg("canada.province.YT"),
} satisfies Record<string, MessageId>;

export type ProvinceCode = keyof typeof NAMES;

/** A province's or territory's name in the given language ("Quebec", "Québec"); an unknown code is shown as is. */
export const provinceName = (code: string, t: Translate = plainEnglish): string =>
  code in NAMES ? t(NAMES[code as ProvinceCode]) : code;

/** [code, English name] pairs, alphabetical by code: what the clients always read. */
export const PROVINCES = (Object.keys(NAMES) as ProvinceCode[]).map((code) => [code, provinceName(code)] as const);
