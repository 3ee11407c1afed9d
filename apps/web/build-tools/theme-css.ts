import {
  type ConvertCSSVariablesInput,
  convertCssVariables,
  DEFAULT_THEME,
  deepMerge,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from "@mantine/core";
import { cssVariablesResolver, theme } from "../src/theme.ts";

type Scheme = keyof ConvertCSSVariablesInput;

/**
 * The theme's CSS variables (colours, fonts, radius…) as a style sheet, computed at build time by Mantine's own
 * resolver from `src/theme.ts`, as `MantineProvider` writes them at run time: only the values that differ from
 * Mantine's defaults, which its `styles.css` already declares. The first screen (landing, login) is plain HTML
 * without Mantine's JavaScript (decision 017) and is styled with these variables from the first paint; once a
 * screen that needs Mantine mounts the provider, it writes the same values again.
 */
export function themeVariablesCss(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const ours = deepMerge(defaultCssVariablesResolver(merged), cssVariablesResolver(merged));
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const changed = (scheme: Scheme) => {
    const base: Record<string, string | undefined> = defaults[scheme];
    return Object.fromEntries(Object.entries(ours[scheme]).filter(([name, value]) => base[name] !== value));
  };
  return convertCssVariables({ variables: changed("variables"), light: changed("light"), dark: changed("dark") });
}
