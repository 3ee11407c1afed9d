import { AppShell, Burger, Group, Menu, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { IconHome, IconLogout, IconUserCircle } from "@tabler/icons-react";
import { Link, useNavigate, useRouterState } from "@tanstack/react-router";
import type { ReactNode } from "react";
import {
  DRAWER_COLLAPSED_WIDTH_PX,
  DRAWER_WIDTH_PX,
  HEADER_HEIGHT_PX,
  LAYOUT_BREAKPOINT_PX,
} from "../../lib/constants";
import { visibleMenuEntries } from "../../lib/navigation";
import { isEmpleado } from "../../lib/permissions";
import { type Session, useSession } from "../../lib/session";
import { AnonimoAvatar, EmpleadoAvatar, PortalLogo, ProveedorAvatar } from "../brand/brand-images";
import classes from "./app-layout.module.css";
import { MENU_ICONS } from "./menu-icons";

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
    <AppShell
      header={{ height: HEADER_HEIGHT_PX }}
      navbar={
        isSignedIn
          ? {
              width: isDrawerOpen ? DRAWER_WIDTH_PX : DRAWER_COLLAPSED_WIDTH_PX,
              breakpoint: LAYOUT_BREAKPOINT_PX,
              collapsed: { mobile: !isDrawerOpen, desktop: false },
            }
          : undefined
      }
      padding={{ base: "sm", xs: "lg" }}
      className={classes.shell}
    >
      <AppShell.Header className={classes.header}>
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
            <UserMenu session={current} onSignOut={signOut} />
          </Group>
        </Group>
      </AppShell.Header>

      {current ? (
        <AppShell.Navbar
          aria-label="Menú principal"
          className={classes.navbar}
          // Collapsed below the breakpoint the drawer is off-screen: keep it out of tab order and the a11y tree.
          style={!isWide && !isDrawerOpen ? { visibility: "hidden" } : undefined}
        >
          <SideDrawer
            session={current}
            isOpen={isDrawerOpen}
            onNavigate={() => {
              // Below the breakpoint the open drawer covers the page: close it once a screen is chosen.
              if (!isWide) drawer.close();
            }}
          />
        </AppShell.Navbar>
      ) : null}

      <AppShell.Main className={classes.main}>{children}</AppShell.Main>
    </AppShell>
  );
}

function UserMenu({ session, onSignOut }: { session: Session | null; onSignOut: () => void }) {
  const navigate = useNavigate();
  if (!session) {
    return (
      <UnstyledButton
        aria-label="Menú de usuario"
        className={classes.avatarButton}
        onClick={() => navigate({ to: "/" })}
      >
        <AnonimoAvatar size={36} />
      </UnstyledButton>
    );
  }
  const Avatar = isEmpleado(session) ? EmpleadoAvatar : ProveedorAvatar;
  return (
    <Menu position="bottom-end" width={200} shadow="md" withArrow withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton aria-label="Menú de usuario" className={classes.avatarButton}>
          <Avatar size={36} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{session.operador === "Empleado" ? session.tipoEmpleado : "Proveedor"}</Menu.Label>
        <Menu.Item leftSection={<IconUserCircle size={16} aria-hidden />} onClick={() => navigate({ to: "/Perfil" })}>
          Perfil
        </Menu.Item>
        <Menu.Item leftSection={<IconHome size={16} aria-hidden />} onClick={() => navigate({ to: "/Home" })}>
          Home
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={onSignOut}>
          Cerrar sesión
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function SideDrawer({ session, isOpen, onNavigate }: { session: Session; isOpen: boolean; onNavigate: () => void }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <AppShell.Section grow py="sm" className={classes.drawerSection}>
      {visibleMenuEntries(session).map((entry) => {
        const Icon = MENU_ICONS[entry.id];
        const isActive = pathname === entry.to || pathname.startsWith(`${entry.to}/`);
        const link = (
          <Link
            to={entry.to}
            className={classes.navLink}
            data-active={isActive || undefined}
            data-collapsed={!isOpen || undefined}
            aria-label={entry.label}
            onClick={onNavigate}
          >
            <Icon size={22} stroke={1.7} aria-hidden />
            {isOpen ? <span className={classes.navLabel}>{entry.label}</span> : null}
          </Link>
        );
        return isOpen ? (
          <div key={entry.id}>{link}</div>
        ) : (
          <Tooltip key={entry.id} label={entry.label} position="right" withArrow openDelay={100}>
            {link}
          </Tooltip>
        );
      })}
    </AppShell.Section>
  );
}
