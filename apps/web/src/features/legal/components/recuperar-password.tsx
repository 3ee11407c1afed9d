import { Anchor, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconMail, IconPhone, IconUserCircle } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { ScreenTitle } from "../../../components/screen-title";
import { SOPORTE_PORTAL } from "../contacto";
import { SolicitarRestablecimiento } from "./solicitar-restablecimiento";

/**
 * Password recovery instructions (spec §2): static text plus the administrator's contact, kept as they are; beside
 * them, the portal's reset link by e-mail (issue 41, decision 067).
 */
export function RecoverPassword() {
  const mailto = `mailto:${SOPORTE_PORTAL.correo}?subject=${encodeURIComponent(SOPORTE_PORTAL.asunto)}`;
  return (
    <Stack maw={720} mx="auto" gap="md">
      <ScreenTitle>Recuperar contraseña</ScreenTitle>
      <Card withBorder radius="md" padding="xl">
        <Stack gap="md">
          <Text>
            Para restablecer su contraseña, envíe un correo electrónico al administrador del portal solicitando el
            restablecimiento.
          </Text>
          <List type="ordered" spacing="xs">
            <List.Item>Escriba al correo del administrador indicado abajo.</List.Item>
            <List.Item>
              Incluya en el mensaje su código de usuario (o su RFC si es proveedor) o el correo electrónico registrado
              en el portal.
            </List.Item>
            <List.Item>El administrador le responderá con una nueva contraseña.</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            Por su seguridad, nunca comparta su contraseña; el administrador no se la pedirá.
          </Text>
        </Stack>
      </Card>

      <SolicitarRestablecimiento />

      <Card withBorder radius="md" padding="xl" component="section" aria-labelledby="contacto-administrador">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="contacto-administrador" c="portal.8">
            Contacto
          </Title>
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="xl">
              <IconUserCircle size={20} aria-hidden />
            </ThemeIcon>
            <Text fw={500}>{SOPORTE_PORTAL.nombre}</Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="xl">
              <IconMail size={20} aria-hidden />
            </ThemeIcon>
            <Anchor href={mailto}>{SOPORTE_PORTAL.correo}</Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="xl">
              <IconPhone size={20} aria-hidden />
            </ThemeIcon>
            <Anchor href={`tel:${SOPORTE_PORTAL.telefono.replaceAll(" ", "")}`}>{SOPORTE_PORTAL.telefono}</Anchor>
          </Group>
        </Stack>
      </Card>

      <Group>
        <Button component={Link} to="/Login" variant="default">
          Regresar al inicio de sesión
        </Button>
      </Group>
    </Stack>
  );
}
