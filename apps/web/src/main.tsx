import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { NotificationsHost } from "./components/notifications-host";
import { QueryClientSourceProvider } from "./lib/query-client-source";
import { registerServiceWorker } from "./lib/service-worker";
import { installUnauthorizedHandler } from "./lib/unauthorized";
import { queries, router } from "./router";
import { cssVariablesResolver, theme } from "./theme";

installUnauthorizedHandler(router, queries.current);

const container = document.getElementById("root");
if (!container) throw new Error("Falta el elemento #root en index.html");

createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <NotificationsHost />
      <QueryClientSourceProvider source={queries}>
        <RouterProvider router={router} />
      </QueryClientSourceProvider>
    </MantineProvider>
  </StrictMode>,
);

registerServiceWorker();
