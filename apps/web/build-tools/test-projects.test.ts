import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { filesMockingModules, mocksModules } from "./test-projects";

const WEB = join(dirname(fileURLToPath(import.meta.url)), "..");
// Written through a variable so that this file is not itself a file that mocks.
const VI = "vi";

describe("test projects", () => {
  it("recognizes a module mock, and not one in a line comment or another call", () => {
    expect(mocksModules(`${VI}.mock("./notify", () => ({}));`)).toBe(true);
    expect(mocksModules(`  ${VI}.doMock("./notify");`)).toBe(true);
    expect(mocksModules(`const x = 1;\n// ${VI}.mock("./notify") would not be replaced here`)).toBe(false);
    expect(mocksModules("vi.fn(); vi.spyOn(console, 'error'); vi.mocked(f);")).toBe(false);
  });

  it("finds the web files that mock a module (they run in the isolated project)", () => {
    const files = filesMockingModules(WEB, ["src", "build-tools"]);
    expect(files).toContain("src/components/data-table/data-table-export.test.tsx");
    expect(files).toContain("src/lib/use-upload-submit.test.tsx");
    expect(files).not.toContain("build-tools/test-projects.test.ts");
    expect(files.every((file) => /\.test\.tsx?$/.test(file))).toBe(true);
  });
});
