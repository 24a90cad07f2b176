/** The one monthly saving question, asked in the same words by the onboarding wizard and the Savings settings page. */
export const SAVING_LABEL = "Saved and invested per month";
export const SAVING_HINT = "Everything you put aside each month: emergency fund, savings, TFSA, RRSP, FHSA, non-registered";
