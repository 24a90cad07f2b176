/** Names of the accounts /calc/contribution-order answers with (its `account` keys), as people write them. */
const ACCOUNT_LABELS: Record<string, string> = {
  rrsp_employer_match: "Employer match (RRSP)", employer_match: "Employer match", debt_repayment: "Pay down debt",
  fhsa: "FHSA", rrsp: "RRSP", tfsa: "TFSA", non_registered: "Non-registered",
};

/** The account's name; an unknown key reads as words ("new_account" → "New account") rather than as code. */
export function accountLabel(key: string): string {
  const known = ACCOUNT_LABELS[key];
  if (known) return known;
  const words = key.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
