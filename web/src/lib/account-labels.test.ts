import { describe, expect, it } from "vitest";
import { accountLabel } from "./account-labels";

describe("accountLabel", () => {
  it("names the contribution-order accounts instead of showing their keys", () => {
    expect(accountLabel("rrsp")).toBe("RRSP");
    expect(accountLabel("tfsa")).toBe("TFSA");
    expect(accountLabel("non_registered")).toBe("Non-registered");
    expect(accountLabel("debt_repayment")).toBe("Pay down debt");
    expect(accountLabel("rrsp_employer_match")).toBe("Employer match (RRSP)");
    expect(accountLabel("resp_grant")).toBe("Resp grant");
  });
});
