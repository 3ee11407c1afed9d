import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
// After Mantine's defaults: the theme's own values (decision 017; the first screen has no MantineProvider).
import "virtual:portal-theme.css";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { installErpStaleNotice } from "./lib/erp-stale";
import { QueryClientSourceProvider } from "./lib/query-client-source";
import { registerServiceWorker } from "./lib/service-worker";
import { installUnauthorizedHandler } from "./lib/unauthorized";
import { queries, router } from "./router";

installUnauthorizedHandler(router, queries.current);
installErpStaleNotice();

const container = document.getElementById("root");
if (!container) throw new Error("Falta el elemento #root en index.html");

// Mantine's provider (theme, toasts) is mounted by the root route's MantineGate with the first screen that uses
// Mantine; the landing and login screens are plain HTML (decision 017).
createRoot(container).render(
  <StrictMode>
    <QueryClientSourceProvider source={queries}>
      <RouterProvider router={router} />
    </QueryClientSourceProvider>
  </StrictMode>,
);

registerServiceWorker();
