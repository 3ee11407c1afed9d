import { Button, Group } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { NotasCreditoTable } from "../features/notas-credito/components/notas-credito-table";
import { isProveedor } from "../lib/permissions";

function NotasCreditoPage() {
  const { session: current } = Route.useRouteContext();
  const navigate = useNavigate();
  return (
    <>
      <ScreenTitle>Notas de crédito</ScreenTitle>
      {isProveedor(current) ? (
        <Group justify="flex-end" mb="md">
          {/* Issue 40: the form has its own URL (/Notas-Credito/Nueva), so Back returns here. */}
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => void navigate({ to: "/Notas-Credito/Nueva" })}
          >
            Nueva nota de crédito
          </Button>
        </Group>
      ) : null}
      <NotasCreditoTable session={current} />
    </>
  );
}

export const Route = createLazyRoute("/Notas-Credito")({ component: NotasCreditoPage });
