import { useNotifications } from "portal:notifications-store";
import { useRouterState } from "@tanstack/react-router";
import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from "react";
import { importWithTimeout } from "../lib/lazy-import";
import { lazyResource } from "../lib/lazy-resource";

/**
 * The first screen (landing `/` and `/Login`) is plain HTML styled with the theme's CSS variables: it loads none
 * of Mantine's JavaScript (decision 017). Every other screen uses Mantine, whose provider (theme, CSS variables,
 * toasts) is a chunk of its own:
 * - the root route's `beforeLoad` loads it before any other screen renders (`loadMantine`);
 * - `MantineGate` (in the root component, around the layout) mounts the provider in the same render that shows
 *   the first such screen, or when a toast is raised, and keeps it from then on. Mounting it re-creates the
 *   layout below it once; the screen being left was already gone, so nothing the user typed is lost.
 */
// The same two screens are the build's budget routes (build-tools/budget.ts FIRST_SCREEN_BUDGET): change both together.
export const FIRST_SCREEN_PATHS: ReadonlySet<string> = new Set(["/", "/Login"]);
/** The route ids of the first screen (the same paths) and of the root route. */
const PLAIN_ROUTE_IDS: ReadonlySet<string> = new Set(["__root__", ...FIRST_SCREEN_PATHS]);

const provider = lazyResource(() => importWithTimeout(() => import("./mantine-provider")));

/** Loads the provider's chunk once (again after a failure). */
export const loadMantine = provider.load;

const MantineReadyContext = createContext(false);

/** Whether Mantine's provider is mounted above: components outside the screens (the layout) ask before using Mantine. */
export const useMantineReady = (): boolean => useContext(MantineReadyContext);

export function MantineGate({ children }: { children: ReactNode }) {
  const module = useSyncExternalStore(provider.subscribe, provider.current, provider.current);
  // The screens on display (not the ones still loading): the provider arrives with the first that needs it.
  const needsScreen = useRouterState({ select: (state) => state.matches.some((m) => !PLAIN_ROUTE_IDS.has(m.routeId)) });
  const { notifications, queue } = useNotifications();
  const wanted = needsScreen || notifications.length > 0 || queue.length > 0;
  const [isOn, setIsOn] = useState(false);
  if (!isOn && module && wanted) setIsOn(true);

  useEffect(() => {
    // A toast raised on the first screen: load the provider so the toast can show (screens load it in beforeLoad).
    if (wanted && !module)
      loadMantine().catch((error: unknown) => console.warn("No se pudo cargar la interfaz", error));
  }, [wanted, module]);

  const Provider = isOn ? module?.PortalMantineProvider : undefined;
  return (
    <MantineReadyContext.Provider value={Provider !== undefined}>
      {Provider ? <Provider>{children}</Provider> : children}
    </MantineReadyContext.Provider>
  );
}
