import { describe, expect, it } from "vitest";
import { cssVariablesResolver, theme } from "./theme";

/** WCAG 2.x relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

describe("theme contrast (issue 16, WCAG AA 4.5:1)", () => {
  const colors = theme.colors ?? {};
  const shade = (name: string, i: number) => String(colors[name]?.[i]);
  const backgrounds = ["#ffffff", "#f8f9fa"];

  it.each([
    ["gray", 6, "dimmed help text"],
    ["red", 6, "field errors and 'Cerrar sesión'"],
    ["teal", 9, "light badge text"],
    ["yellow", 9, "light badge text"],
  ])("%s[%i] (%s) reads at >= 4.5:1 on white and the page background", (name, i) => {
    for (const bg of backgrounds) expect(contrast(shade(name as string, i as number), bg)).toBeGreaterThanOrEqual(4.5);
  });

  it("the placeholder grey (Input.Placeholder of pickers) reads at >= 4.5:1", () => {
    const placeholder = cssVariablesResolver(theme as never).light["--mantine-color-placeholder"] ?? "";
    expect(contrast(placeholder, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });

  it("the contrast function agrees with known pairs", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#868e96", "#ffffff")).toBeLessThan(4.5); // Mantine's default gray[6], the finding
  });
});
