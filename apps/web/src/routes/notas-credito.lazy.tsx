import { Button, Group } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { createLazyRoute } from "@tanstack/react-router";
import { useState } from "react";
import { ScreenTitle } from "../components/screen-title";
import { NotaCreditoForm } from "../features/notas-credito/components/nota-credito-form";
import { NotasCreditoTable } from "../features/notas-credito/components/notas-credito-table";
import { isProveedor } from "../lib/permissions";

function NotasCreditoPage() {
  const { session: current } = Route.useRouteContext();
  const [isNueva, setIsNueva] = useState(false);
  return (
    <>
      <ScreenTitle>Notas de crédito</ScreenTitle>
      {isNueva ? (
        <NotaCreditoForm session={current} onDone={() => setIsNueva(false)} />
      ) : (
        <>
          {isProveedor(current) ? (
            <Group justify="flex-end" mb="md">
              <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setIsNueva(true)}>
                Nueva nota de crédito
              </Button>
            </Group>
          ) : null}
          <NotasCreditoTable session={current} />
        </>
      )}
    </>
  );
}

export const Route = createLazyRoute("/Notas-Credito")({ component: NotasCreditoPage });
