import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { useNavigate } from "@tanstack/react-router";
import { type CSSProperties, lazy, type ReactNode, Suspense } from "react";
import {
  DRAWER_COLLAPSED_WIDTH_PX,
  DRAWER_WIDTH_PX,
  HEADER_HEIGHT_PX,
  LAYOUT_BREAKPOINT_PX,
} from "../../lib/constants";
import { isEmpleado } from "../../lib/permissions";
import { useSession } from "../../lib/session";
import { AnonimoAvatar, EmpleadoAvatar, PortalLogo, ProveedorAvatar } from "../brand/brand-images";
import { loadMantine, useMantineReady } from "../mantine-gate";
import classes from "./app-layout.module.css";

// The signed-in part of the layout is its own chunk (decision 017).
const loadChrome = () => import("./signed-in-chrome");

/** Starts loading the signed-in part (and Mantine) before it is shown (the login form calls it on Ingresar). */
export const preloadSignedInChrome = (): void => {
  loadMantine().catch(() => {});
  loadChrome().catch(() => {});
};
const UserMenu = lazy(() => loadChrome().then((module) => ({ default: module.UserMenu })));
const SideDrawer = lazy(() => loadChrome().then((module) => ({ default: module.SideDrawer })));
const SessionExpiryWarning = lazy(() => loadChrome().then((module) => ({ default: module.SessionExpiryWarning })));

interface AppLayoutProps {
  children: ReactNode;
  /** Cerrar sesión: revoke on the server, clear the cookies, go to / (the route layer supplies it). */
  onSignOut: () => void;
}

/**
 * Top bar and side drawer (spec §2). The drawer exists only when signed in; it is 340 px wide when
 * open and collapsed otherwise (icons only on wide screens, hidden below the 500 px breakpoint).
 * Signed out, the menu button and the avatar both lead to /. The bar itself is plain HTML (the first screen has no
 * Mantine, decision 017); the avatar menu and the drawer are Mantine and appear once its provider is mounted.
 */
export function AppLayout({ children, onSignOut }: AppLayoutProps) {
  const current = useSession();
  const [isDrawerOpen, drawer] = useDisclosure(false);
  const isWide = useMediaQuery(`(min-width: ${LAYOUT_BREAKPOINT_PX}px)`, true) ?? true;
  const navigate = useNavigate();
  const isSignedIn = current !== null;
  const isMantineReady = useMantineReady();

  const signOut = () => {
    drawer.close();
    onSignOut();
  };

  return (
    // Header, drawer and main laid out by app-layout.module.css (Mantine's AppShell, with its scroll lock and
    // transitions, is more than the first screen can carry: decision 017).
    <div
      className={classes.shell}
      data-drawer-open={(isSignedIn && isDrawerOpen) || undefined}
      style={
        {
          "--portal-header-h": `${HEADER_HEIGHT_PX}px`,
          "--portal-navbar-w": isSignedIn ? `${isDrawerOpen ? DRAWER_WIDTH_PX : DRAWER_COLLAPSED_WIDTH_PX}px` : "0px",
        } as CSSProperties
      }
    >
      <header className={classes.header}>
        <div className={classes.bar}>
          <div className={classes.barGroup}>
            <button
              type="button"
              className={classes.burger}
              data-opened={(isSignedIn && isDrawerOpen) || undefined}
              onClick={() => (isSignedIn ? drawer.toggle() : navigate({ to: "/" }))}
              aria-label="Abrir menú"
              aria-expanded={isSignedIn ? isDrawerOpen : undefined}
            >
              <span aria-hidden />
            </button>
            {isSignedIn ? (
              <button
                type="button"
                className={classes.brand}
                onClick={() => navigate({ to: "/Home" })}
                aria-label="Portal de Proveedores, ir a Home"
              >
                <PortalLogo size={34} />
                <span className={classes.brandText}>Portal de Proveedores</span>
              </button>
            ) : (
              <span className={classes.brand}>
                <PortalLogo size={34} title="Portal de Proveedores" />
                <span className={classes.brandText}>Portal de Proveedores</span>
              </span>
            )}
          </div>
          <div className={classes.barGroup}>
            {current ? (
              <span className={classes.userName} title={current.usuario}>
                {current.usuario}
              </span>
            ) : null}
            {current ? (
              isMantineReady ? (
                <Suspense fallback={<PendingAvatar employee={isEmpleado(current)} />}>
                  <UserMenu session={current} onSignOut={signOut} />
                </Suspense>
              ) : (
                <PendingAvatar employee={isEmpleado(current)} />
              )
            ) : (
              <button
                type="button"
                aria-label="Menú de usuario"
                className={classes.avatarButton}
                onClick={() => navigate({ to: "/" })}
              >
                <AnonimoAvatar size={36} />
              </button>
            )}
          </div>
        </div>
      </header>

      {current && isMantineReady ? (
        <Suspense fallback={null}>
          <SideDrawer
            session={current}
            isOpen={isDrawerOpen}
            onNavigate={() => {
              // Below the breakpoint the open drawer covers the page: close it once a screen is chosen.
              if (!isWide) drawer.close();
            }}
            style={!isWide && !isDrawerOpen ? { visibility: "hidden" } : undefined}
          />
          <SessionExpiryWarning />
        </Suspense>
      ) : null}

      <main className={classes.main}>{children}</main>
    </div>
  );
}

/** The same avatar, not yet a button, while the menu's chunk (or Mantine's) arrives, a moment after sign-in. */
function PendingAvatar({ employee }: { employee: boolean }) {
  return (
    <button type="button" aria-label="Menú de usuario" className={classes.avatarButton} disabled>
      {employee ? <EmpleadoAvatar size={36} /> : <ProveedorAvatar size={36} />}
    </button>
  );
}
