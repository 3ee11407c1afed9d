import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// There is no Docker engine on the build machines, so the operations files are checked by parsing them.
const root = join(import.meta.dirname, "..", "..", "..");
const read = (file: string) => readFileSync(join(root, file), "utf8");

describe("docker-compose.yml", () => {
  const compose = parse(read("docker-compose.yml"));

  it("runs PostgreSQL with a health check and the portal built from this repository", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["portal", "postgres"]);
    expect(compose.services.postgres.image).toMatch(/^postgres:\d+/);
    expect(compose.services.postgres.healthcheck.test.join(" ")).toContain("pg_isready");
    expect(compose.services.portal.build).toBe(".");
    expect(compose.services.portal.depends_on.postgres.condition).toBe("service_healthy");
  });

  it("gives the portal a DATABASE_URL pointing at the postgres service and requires the encryption key", () => {
    const env = compose.services.portal.environment;
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/portal:.*@postgres:5432\/portal$/);
    expect(env.APP_ENCRYPTION_KEY).toContain(":?");
    expect(compose.services.portal.ports[0]).toMatch(/:3000$/);
  });

  it("only uses variables documented in .env.example", () => {
    const documented = new Set([...read(".env.example").matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]));
    const used = [...read("docker-compose.yml").matchAll(/\$\{([A-Z_]+)/g)].map((m) => m[1]);
    for (const name of used) expect(documented, `${name} falta en .env.example`).toContain(name);
  });
});

describe("Dockerfile", () => {
  const lines = read("Dockerfile")
    .split("\n")
    .filter((l) => l.trim() && !l.trim().startsWith("#"));

  it("builds with the workspace's pnpm and runs the bundled server as a non-root user", () => {
    const from = lines.filter((l) => l.startsWith("FROM "));
    expect(from.length).toBeGreaterThanOrEqual(2);
    for (const f of from) expect(f).toMatch(/^FROM node:(\d+)-/);
    const text = lines.join("\n");
    expect(text).toContain("scripts/pnpm.mjs install --frozen-lockfile");
    expect(text).toContain("turbo run build");
    expect(text).toMatch(/^USER \S+/m);
    expect(text).toMatch(/^EXPOSE 3000$/m);
    expect(text).toContain('CMD ["node", "apps/api/dist/server.mjs"]');
    expect(text).toContain("/api/health");
  });

  it("refers only to files that exist", () => {
    expect(existsSync(join(root, "scripts/pnpm.mjs"))).toBe(true);
    expect(existsSync(join(root, "apps/api/build.mjs"))).toBe(true);
    expect(existsSync(join(root, ".dockerignore"))).toBe(true);
  });
});

describe(".env.example", () => {
  it("documents every variable the config reads", () => {
    const config = read("apps/api/src/config.ts");
    const schemaKeys = [...config.matchAll(/^ {2}([A-Z_]+): /gm)].map((m) => m[1]);
    expect(schemaKeys.length).toBeGreaterThan(10);
    const documented = read(".env.example");
    for (const key of schemaKeys) expect(documented).toMatch(new RegExp(`^${key}=`, "m"));
  });
});
