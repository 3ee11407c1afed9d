import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// There is no Docker engine on the build machines, so the operations files are checked by parsing them.
const root = join(import.meta.dirname, "..", "..", "..");
const read = (file: string) => readFileSync(join(root, file), "utf8");

describe("docker-compose.yml", () => {
  const compose = parse(read("docker-compose.yml"));
  /** The config files HAProxy loads in compose, read from the mounted folder (comments dropped). */
  const haproxyConfig = () => {
    const { command, volumes } = compose.services.haproxy;
    const mount = (volumes as string[]).find((v) => v.includes(":/usr/local/etc/haproxy"))!;
    const [hostDir, containerDir] = mount.split(":");
    const files = (command as string[])
      .filter((_, i, all) => all[i - 1] === "-f")
      .map((f) => join(hostDir!, f.slice(containerDir!.length + 1)));
    expect(files.length).toBe(2);
    return files
      .map((f) => read(f))
      .join("\n")
      .split("\n")
      .map((l) => l.replace(/#.*$/, "").trim())
      .filter(Boolean)
      .join("\n");
  };

  it("runs PostgreSQL, at least two portal replicas built from this repository, and HAProxy in front", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["haproxy", "portal", "postgres"]);
    expect(compose.services.postgres.image).toMatch(/^postgres:\d+/);
    expect(compose.services.postgres.healthcheck.test.join(" ")).toContain("pg_isready");
    expect(compose.services.portal.build).toBe(".");
    expect(compose.services.portal.depends_on.postgres.condition).toBe("service_healthy");
    expect(compose.services.portal.deploy.replicas).toBeGreaterThanOrEqual(2);
    // Replicas cannot publish one port: only HAProxy is published, and it forwards to the portal's 3000.
    expect(compose.services.portal.ports).toBeUndefined();
    expect(compose.services.portal.expose).toContain("3000");
    expect(compose.services.haproxy.image).toMatch(/^haproxy:2\.\d+/);
    expect(compose.services.haproxy.ports[0]).toMatch(/:3000$/);
    expect(compose.services.haproxy.environment.PORTAL_BIND).toBe(":3000");
    // The drain must outlast HAProxy's detection, and Docker must wait for it before SIGKILL.
    expect(compose.services.portal.environment.DRAIN_MS).toMatch(/^\$\{DRAIN_MS:-(\d+)\}$/);
    expect(Number(/:-(\d+)/.exec(compose.services.portal.environment.DRAIN_MS)![1])).toBeGreaterThanOrEqual(2000);
    expect(compose.services.portal.stop_grace_period).toMatch(/^\d+s$/);
  });

  it("configures HAProxy from ops/haproxy: every replica found by DNS, health checks on /api/health, no stickiness", () => {
    const config = haproxyConfig();
    expect(config).toMatch(/^server-template portal \d+-(\d+) portal:3000 resolvers docker/m);
    expect(Number(/^server-template portal \d+-(\d+)/m.exec(config)![1])).toBeGreaterThanOrEqual(
      compose.services.portal.deploy.replicas,
    );
    expect(config).toMatch(/^nameserver \S+ 127\.0\.0\.11:53$/m);
    expect(config).toMatch(/^balance roundrobin$/m);
    expect(config).toMatch(/^option httpchk GET \/api\/health$/m);
    expect(config).toMatch(/^http-check expect status 200$/m);
    expect(config).toMatch(/^default-server check /m);
    expect(config).toMatch(/^option redispatch/m);
    // A request that may have reached a server is re-sent only when it is a GET/HEAD; a POST only after a failed connect.
    expect(config).toMatch(/^retry-on conn-failure( empty-response)?$/m);
    expect(config).toMatch(/^http-request disable-l7-retry unless METH_GET$/m);
    expect(config).toMatch(/^option forwardfor$/m);
    expect(config).not.toMatch(/^(cookie|stick|stick-table|appsession)\b/m);
    expect(config).not.toMatch(/balance (source|uri|hdr|url_param|rdp-cookie)/);
    expect(compose.services.portal.environment.TRUST_PROXY).toMatch(/^\$\{TRUST_PROXY:-uniquelocal\}$/);
  });

  it("gives the portal a DATABASE_URL pointing at the postgres service and requires the encryption key", () => {
    const env = compose.services.portal.environment;
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/portal:.*@postgres:5432\/portal$/);
    expect(env.APP_ENCRYPTION_KEY).toContain(":?");
    expect(env.PORT).toBe("3000");
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
    expect(text).toContain('CMD ["node", "--max-semi-space-size=32", "apps/api/dist/server.mjs"]');
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
