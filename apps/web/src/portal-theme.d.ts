// vite.config.ts `themeVariables`: the theme's CSS variables, computed at build time (decision 017).
declare module "virtual:portal-theme.css";
