import { describe, expect, it } from "vitest";
import { createAnswerCache } from "./answer-cache";

describe("createAnswerCache", () => {
  it("rebuilds only when the fingerprint changes", async () => {
    const cache = createAnswerCache(1000);
    let fingerprint = "a";
    let builds = 0;
    const get = () =>
      cache.get(
        "*",
        async () => fingerprint,
        async () => `respuesta ${++builds}`,
      );
    expect(await get()).toBe("respuesta 1");
    expect(await get()).toBe("respuesta 1");
    fingerprint = "b";
    expect(await get()).toBe("respuesta 2");
    expect(builds).toBe(2);
  });

  it("concurrent calls with the same new fingerprint share one build", async () => {
    const cache = createAnswerCache(1000);
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((r) => setTimeout(r, 20));
      return "x";
    };
    const answers = await Promise.all([1, 2, 3].map(() => cache.get("P1", async () => "h", build)));
    expect(answers).toEqual(["x", "x", "x"]);
    expect(builds).toBe(1);
  });

  it("evicts the least recently used answers beyond its size, and 0 turns it off", async () => {
    const cache = createAnswerCache(10);
    let builds = 0;
    const get = (scope: string) =>
      cache.get(
        scope,
        async () => "h",
        async () => {
          builds++;
          return `${scope}-----`.slice(0, 6);
        },
      );
    await get("a");
    await get("b"); // 12 characters > 10: "a" goes
    await get("b");
    expect(builds).toBe(2);
    await get("a");
    expect(builds).toBe(3);
    const off = createAnswerCache(0);
    let n = 0;
    await off.get(
      "s",
      async () => "h",
      async () => String(++n),
    );
    await off.get(
      "s",
      async () => "h",
      async () => String(++n),
    );
    expect(n).toBe(2);
  });
});
