import { createTheme, type MantineColorsTuple } from "@mantine/core";

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

export const theme = createTheme({
  primaryColor: "portal",
  primaryShade: { light: 6, dark: 5 },
  colors: { portal },
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
