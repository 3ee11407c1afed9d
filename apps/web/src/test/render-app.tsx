import { notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import { vi } from "vitest";
import { MantineTestEnvContext } from "../components/mantine-test-env";
import { NotFound } from "../components/not-found";
import { RouteError } from "../components/route-error";
import { createQueryClient } from "../lib/query-client";
import { readyQueryClientSource } from "../lib/query-client-source";
import { installUnauthorizedHandler } from "../lib/unauthorized";
import { routeTree } from "../routes/route-tree";
import { settleRender } from "./settle";

export interface FakeCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

type Responder = (call: FakeCall) => { status?: number; body: unknown } | undefined;

/** Replaces fetch with a JSON responder and records every call. */
export function fakeApi(respond: Responder) {
  const calls: FakeCall[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: FakeCall = {
      url: String(input),
      method: init.method ?? "GET",
      headers: new Headers(init.headers),
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = respond(call) ?? { status: 404, body: { status: "error", message: "No encontrado" } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { "Content-Type": "application/json" },
    });
  });
  return calls;
}

/** The real route tree in memory at `path`, with the app's providers. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createRouter({
    routeTree,
    context: { queries: readyQueryClientSource(queryClient) },
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
  });
  installUnauthorizedHandler(router, () => queryClient);
  settleRender({ router, queryClient });
  // Toasts are part of what screens say (spec §8); start each render without the previous test's ones.
  notifications.clean();
  const view = render(
    // As in main.tsx: Mantine's provider and the toasts come from the root route's MantineGate, here with
    // env="test" (no transitions, no portals; decision 043).
    <MantineTestEnvContext.Provider value={true}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineTestEnvContext.Provider>,
  );
  return { ...view, router, queryClient };
}
