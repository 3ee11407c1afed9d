import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isBase64 } from "./common";

describe("esBase64", () => {
  it("accepts what Node's encoder writes, with 0, 1 or 2 '=' of padding", () => {
    for (const n of [0, 1, 2, 3, 4, 5, 300, 270_000])
      expect(isBase64(randomBytes(n).toString("base64")), `${n}`).toBe(true);
    expect(isBase64("+/+/")).toBe(true);
  });

  it("refuses another alphabet, misplaced or excess padding, a bad length and non-ASCII look-alikes", () => {
    for (const bad of [
      "A===",
      "====",
      "A=AA",
      "AB=C",
      "QUJD=",
      "QUJ",
      "QUJD\n",
      "QU J",
      "QUJ-",
      "QUJ_",
      "QUJñ",
      "ＱＵＪＤ",
      "data:application/pdf;base64,QUJD",
    ]) {
      expect(isBase64(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("agrees with the alphabet regex it replaced on random strings", () => {
    const old = (v: string) => v.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(v);
    const alphabet = "AZaz09+/=-_ ñ";
    for (let i = 0; i < 5_000; i++) {
      const v = Array.from({ length: i % 13 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
      expect(isBase64(v), JSON.stringify(v)).toBe(old(v));
    }
  });
});
