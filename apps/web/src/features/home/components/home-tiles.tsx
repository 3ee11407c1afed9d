import { Card, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { TileConConteo } from "@portal/contracts";
import { IconChevronRight } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { MENU_ICONS } from "../../../components/layout/menu-icons";
import { type HomeTile, visibleTileSections } from "../../../lib/navigation";
import type { Session } from "../../../lib/session";
import { useRowDocuments } from "../api";
import classes from "./home.module.css";

function TileCount({ session, dato, id }: { session: Session; dato: TileConConteo; id: string }) {
  const count = useRowDocuments(session, dato);
  if (count.isPending && count.fetchStatus !== "idle") {
    return <Loader size="xs" role="status" aria-label="Cargando" />;
  }
  // Spec §3: a tile's count (Registro) starts at 0; a failed load is only logged and keeps it.
  const value = count.data ?? 0;
  return (
    <Text id={id} className={classes.count} aria-live="polite">
      {value.toLocaleString("es-MX")}{" "}
      <span className={classes.countUnit}>{value === 1 ? "registro" : "registros"}</span>
    </Text>
  );
}

function Tile({ tile, session }: { tile: HomeTile; session: Session }) {
  const Icon = MENU_ICONS[tile.id];
  const countId = useId();
  return (
    <Card
      component={Link}
      to={tile.to}
      withBorder
      radius="lg"
      padding="lg"
      className={classes.tile}
      // No aria-label: the accessible name is the visible text, label and count (issue 16, WCAG 2.5.3).
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <ThemeIcon size={48} radius="md" variant="light">
          <Icon size={26} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <IconChevronRight size={18} className={classes.chevron} aria-hidden />
      </Group>
      <Stack gap={2} mt="md">
        <Text fw={600} className={classes.tileLabel}>
          {tile.label}
        </Text>
        {tile.dato ? <TileCount session={session} dato={tile.dato} id={countId} /> : null}
      </Stack>
    </Card>
  );
}

/** Home tiles under their headings (spec §2 Home), filtered by role (spec §6). */
export function HomeTiles({ session }: { session: Session }) {
  const sections = visibleTileSections(session);
  return (
    <Stack gap="xl">
      {sections.map(({ section, tiles }) => {
        const headingId = `home-${section.replaceAll(" ", "-")}`;
        return (
          <Stack key={section} gap="sm" component="section" aria-labelledby={headingId}>
            <Title order={2} fz="lg" id={headingId} c="gray.8">
              {section}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
              {tiles.map((tile) => (
                <Tile key={tile.id} tile={tile} session={session} />
              ))}
            </SimpleGrid>
          </Stack>
        );
      })}
    </Stack>
  );
}
