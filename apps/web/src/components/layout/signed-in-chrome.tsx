import { Menu, Tooltip, UnstyledButton } from "@mantine/core";
import { IconHome, IconLogout, IconUserCircle } from "@tabler/icons-react";
import { Link, useNavigate, useRouterState } from "@tanstack/react-router";
import { type CSSProperties, useState } from "react";
import { visibleMenuEntries } from "../../lib/navigation";
import { isEmpleado } from "../../lib/permissions";
import type { Session } from "../../lib/session";
import { EmpleadoAvatar, ProveedorAvatar } from "../brand/brand-images";
import classes from "./app-layout.module.css";
import { MENU_ICONS } from "./menu-icons";

/**
 * What only a signed-in user sees of the layout: the avatar menu and the side drawer with its tooltips. It is
 * its own chunk (decision 017): the landing and login screens do not load Menu, Tooltip, floating-ui or the
 * menu's icons; the login form starts loading it when the user presses Ingresar.
 */
export function UserMenu({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const navigate = useNavigate();
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

interface SideDrawerProps {
  session: Session;
  isOpen: boolean;
  onNavigate: () => void;
  /** Collapsed below the breakpoint the drawer is off-screen: kept out of tab order and the a11y tree. */
  style?: CSSProperties | undefined;
}

export function SideDrawer({ session, isOpen, onNavigate, style }: SideDrawerProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // After a click the pointer is still on the entry: its tooltip would stay over the new screen's title
  // (issue 16). It stays closed until the pointer leaves the entry.
  const [justChosen, setJustChosen] = useState<string | null>(null);
  return (
    <nav aria-label="Menú principal" className={classes.navbar} style={style}>
      <div className={classes.drawerSection}>
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
              onClick={() => {
                setJustChosen(entry.id);
                onNavigate();
              }}
              onMouseLeave={() => setJustChosen((chosen) => (chosen === entry.id ? null : chosen))}
            >
              <Icon size={22} stroke={1.7} aria-hidden />
              {isOpen ? <span className={classes.navLabel}>{entry.label}</span> : null}
            </Link>
          );
          return isOpen ? (
            <div key={entry.id}>{link}</div>
          ) : (
            <Tooltip
              key={entry.id}
              label={entry.label}
              position="right"
              withArrow
              openDelay={100}
              disabled={justChosen === entry.id}
            >
              {link}
            </Tooltip>
          );
        })}
      </div>
    </nav>
  );
}

export { SessionExpiryWarning } from "./session-expiry-warning";
