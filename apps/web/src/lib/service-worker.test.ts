import { describe, expect, it } from "vitest";
import { UPDATE_CHECK_KEY, UPDATE_CHECK_MS, updateCheckPeriod } from "./service-worker";

const storage = (value: string | null) => ({ getItem: (key: string) => (key === UPDATE_CHECK_KEY ? value : null) });

describe("update check period", () => {
  it("is the default without storage or setting", () => {
    expect(updateCheckPeriod(null)).toBe(UPDATE_CHECK_MS);
    expect(updateCheckPeriod(storage(null))).toBe(UPDATE_CHECK_MS);
  });

  it("takes a shorter period from storage, never below one second nor above the default", () => {
    expect(updateCheckPeriod(storage("1500"))).toBe(1500);
    expect(updateCheckPeriod(storage("10"))).toBe(UPDATE_CHECK_MS);
    expect(updateCheckPeriod(storage("abc"))).toBe(UPDATE_CHECK_MS);
    expect(updateCheckPeriod(storage(String(UPDATE_CHECK_MS * 10)))).toBe(UPDATE_CHECK_MS);
  });

  it("survives a storage that throws", () => {
    const throwing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(updateCheckPeriod(throwing)).toBe(UPDATE_CHECK_MS);
  });
});
