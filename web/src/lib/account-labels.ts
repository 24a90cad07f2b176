/** Names of the accounts /calc/contribution-order answers with (its `account` keys), as people write them, in the
 * language given (English by default). */
import { msg, type MessageId, type Translate } from "@firepath/shared/i18n/messages";
import { plainEnglish } from "@firepath/shared/i18n/plain-english";

const ACCOUNT_LABELS: Record<string, MessageId> = {
  rrsp_employer_match: msg("components.account.employerMatchRrsp"), employer_match: msg("components.account.employerMatch"),
  debt_repayment: msg("components.account.debtRepayment"), fhsa: msg("fields.account.fhsa"), rrsp: msg("fields.account.rrsp"),
  tfsa: msg("fields.account.tfsa"), non_registered: msg("fields.account.nonRegistered"),
};

/** The account's name; an unknown key reads as words ("new_account" → "New account") rather than as code. */
export function accountLabel(key: string, t: Translate = plainEnglish): string {
  const known = ACCOUNT_LABELS[key];
  if (known) return t(known);
  const words = key.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
