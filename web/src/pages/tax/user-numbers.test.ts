import { describe, expect, it } from "vitest";
import { provinceCode } from "./user-numbers";

describe("provinceCode", () => {
  it("reads codes and names in any case", () => {
    expect(provinceCode("ON")).toBe("ON");
    expect(provinceCode(" ontario ")).toBe("ON");
    expect(provinceCode("British Columbia")).toBe("BC");
    expect(provinceCode("P.E.I.")).toBe("PE");
    expect(provinceCode("Québec")).toBe("QC");
  });
  it("gives null for blanks and unknown places", () => {
    expect(provinceCode(null)).toBeNull();
    expect(provinceCode("")).toBeNull();
    expect(provinceCode("Texas")).toBeNull();
  });
});
