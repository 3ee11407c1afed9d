import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";

/** Brand blue (the portal logo's #1667b8 at shade 6). */
const portal: MantineColorsTuple = [
  "#e8f1fb",
  "#d0e1f5",
  "#a1c2eb",
  "#6ea1e1",
  "#4585d8",
  "#2c74d2",
  "#1667b8",
  "#0f58a0",
  "#0b4f8a",
  "#063f70",
];

/**
 * Issue 16 (WCAG AA 4.5:1): the shades Mantine uses for text are darkened here, in one place. gray[6] is the
 * 'dimmed' help text (#868e96 gave 3.06–3.32:1 on white and the page background); teal[9], yellow[9], red[9] and
 * green[9] are the text of the light status badges on their shade-0/1 backgrounds; red[6]/red[8] the field errors.
 */
const gray: MantineColorsTuple = [
  "#f8f9fa",
  "#f1f3f5",
  "#e9ecef",
  "#dee2e6",
  "#ced4da",
  "#adb5bd",
  "#5c636b",
  "#495057",
  "#343a40",
  "#212529",
];
const red: MantineColorsTuple = [
  "#fff5f5",
  "#ffe3e3",
  "#ffc9c9",
  "#ffa8a8",
  "#ff8787",
  "#ff6b6b",
  "#d32f2f",
  "#c92a2a",
  "#b02525",
  "#962020",
];
const teal: MantineColorsTuple = [
  "#e6fcf5",
  "#c3fae8",
  "#96f2d7",
  "#63e6be",
  "#38d9a9",
  "#20c997",
  "#12b886",
  "#0ca678",
  "#099268",
  "#06654a",
];
const yellow: MantineColorsTuple = [
  "#fff9db",
  "#fff3bf",
  "#ffec99",
  "#ffe066",
  "#ffd43b",
  "#fcc419",
  "#fab005",
  "#f59f00",
  "#f08c00",
  "#8a4600",
];

/**
 * Mantine's placeholder grey (#adb5bd, 2.07:1) is also the text of Input.Placeholder in pickers: a darker grey that
 * still reads as a hint (4.8:1 on white).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-placeholder": "#6b7280" },
  dark: {},
});

export const theme = createTheme({
  primaryColor: "portal",
  primaryShade: { light: 6, dark: 5 },
  colors: { portal, gray, red, teal, yellow },
  defaultRadius: "md",
  cursorType: "pointer",
  fontFamily:
    "Inter, 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji'",
  headings: {
    fontFamily: "Inter, 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif",
    fontWeight: "650",
  },
  other: {
    pageBackground: "#f4f6fa",
  },
});
