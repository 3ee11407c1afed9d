import { Burger, Group, Text, UnstyledButton } from "@mantine/core";
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
import classes from "./app-layout.module.css";

// The signed-in part of the layout is its own chunk (decision 017).
const loadChrome = () => import("./signed-in-chrome");

/** Starts loading the signed-in part before it is shown (the login form calls it on Ingresar). */
export const preloadSignedInChrome = (): void => void loadChrome().catch(() => {});
const UserMenu = lazy(() => loadChrome().then((module) => ({ default: module.UserMenu })));
const SideDrawer = lazy(() => loadChrome().then((module) => ({ default: module.SideDrawer })));

interface AppLayoutProps {
  children: ReactNode;
  /** Cerrar sesión: revoke on the server, clear the cookies, go to / (the route layer supplies it). */
  onSignOut: () => void;
}

/**
 * Top bar and side drawer (spec §2). The drawer exists only when signed in; it is 340 px wide when
 * open and collapsed otherwise (icons only on wide screens, hidden below the 500 px breakpoint).
 * Signed out, the menu button and the avatar both lead to /.
 */
export function AppLayout({ children, onSignOut }: AppLayoutProps) {
  const current = useSession();
  const [isDrawerOpen, drawer] = useDisclosure(false);
  const isWide = useMediaQuery(`(min-width: ${LAYOUT_BREAKPOINT_PX}px)`, true) ?? true;
  const navigate = useNavigate();
  const isSignedIn = current !== null;

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
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Burger
              opened={isSignedIn && isDrawerOpen}
              onClick={() => (isSignedIn ? drawer.toggle() : navigate({ to: "/" }))}
              aria-label="Abrir menú"
              aria-expanded={isSignedIn ? isDrawerOpen : undefined}
              size="sm"
              color="white"
            />
            {isSignedIn ? (
              <UnstyledButton
                className={classes.brand}
                onClick={() => navigate({ to: "/Home" })}
                aria-label="Portal de Proveedores, ir a Home"
              >
                <PortalLogo size={34} />
                <Text component="span" className={classes.brandText} visibleFrom="xs">
                  Portal de Proveedores
                </Text>
              </UnstyledButton>
            ) : (
              <span className={classes.brand}>
                <PortalLogo size={34} title="Portal de Proveedores" />
                <Text component="span" className={classes.brandText} visibleFrom="xs">
                  Portal de Proveedores
                </Text>
              </span>
            )}
          </Group>
          <Group gap="sm" wrap="nowrap" miw={0}>
            {current ? (
              <Text className={classes.userName} truncate="end" title={current.usuario}>
                {current.usuario}
              </Text>
            ) : null}
            {current ? (
              <Suspense
                fallback={
                  // The same avatar, not yet a button, while the menu's chunk arrives (a moment after sign-in).
                  <UnstyledButton aria-label="Menú de usuario" className={classes.avatarButton} disabled>
                    {isEmpleado(current) ? <EmpleadoAvatar size={36} /> : <ProveedorAvatar size={36} />}
                  </UnstyledButton>
                }
              >
                <UserMenu session={current} onSignOut={signOut} />
              </Suspense>
            ) : (
              <UnstyledButton
                aria-label="Menú de usuario"
                className={classes.avatarButton}
                onClick={() => navigate({ to: "/" })}
              >
                <AnonimoAvatar size={36} />
              </UnstyledButton>
            )}
          </Group>
        </Group>
      </header>

      {current ? (
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
        </Suspense>
      ) : null}

      <main className={classes.main}>{children}</main>
    </div>
  );
}
