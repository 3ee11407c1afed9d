import { Stack, Text, Title } from "@mantine/core";
import { MSG } from "@portal/contracts";
import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { HomeTiles } from "../features/home/components/home-tiles";
import { PagosProximos } from "../features/home/components/pagos-proximos";
import { SociedadesTable } from "../features/home/components/sociedades-table";
import { isProveedor } from "../lib/permissions";

function HomePage() {
  const { session: current } = Route.useRouteContext();
  return (
    <Stack gap="xl">
      <div>
        <ScreenTitle>Home</ScreenTitle>
        <Text c="dimmed" mt={-12}>
          {MSG.bienvenida}
        </Text>
      </div>
      {isProveedor(current) ? (
        <Stack gap="sm" component="section" aria-labelledby="home-sociedades">
          <Title order={2} fz="lg" id="home-sociedades" c="gray.8">
            Sociedades
          </Title>
          <SociedadesTable session={current} />
        </Stack>
      ) : null}
      {isProveedor(current) ? (
        <Stack gap="sm" component="section" aria-labelledby="home-pagos-proximos">
          <Title order={2} fz="lg" id="home-pagos-proximos" c="gray.8">
            Pagos próximos (30 días)
          </Title>
          <PagosProximos session={current} />
        </Stack>
      ) : null}
      <HomeTiles session={current} />
    </Stack>
  );
}

export const Route = createLazyRoute("/Home")({ component: HomePage });
