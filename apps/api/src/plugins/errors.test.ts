import { MSG } from "@portal/contracts";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { errorsPlugin } from "./errors";

/** PostgreSQL's deadlock as Drizzle throws it: the driver's error (SQLSTATE in `code`) in the query error's cause. */
const conflict = (code: string) =>
  new Error("Failed query: update …", {
    cause: Object.assign(new Error("deadlock detected"), { code, routine: "DeadLockReport" }),
  });

describe("errors plugin: a transaction rolled back for a simultaneous one (decision 041)", () => {
  it("answers a deadlock or serialization failure 409 in Spanish, never 500", async () => {
    const app = Fastify({ logger: false });
    app.decorate("databaseOutage", { failed: () => {}, recovered: () => {} } as never);
    await app.register(errorsPlugin);
    app.get("/deadlock", async () => {
      throw conflict("40P01");
    });
    app.get("/serializacion", async () => {
      throw conflict("40001");
    });
    app.get("/otra", async () => {
      throw conflict("42P01");
    });
    for (const url of ["/deadlock", "/serializacion"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ status: "error", message: MSG.operacionSimultanea });
    }
    const otra = await app.inject({ method: "GET", url: "/otra" });
    expect(otra.statusCode).toBe(500);
    expect(otra.json()).toEqual({ status: "error", message: MSG.errorInterno });
    await app.close();
  });
});
