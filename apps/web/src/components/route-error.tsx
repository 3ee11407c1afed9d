import { Alert, Button, Stack } from "@mantine/core";
import { MSG_SESION } from "@portal/contracts";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { ErrorComponentProps } from "@tanstack/react-router";
import { useEffect } from "react";
import { CHUNK_LOAD_MESSAGE, ChunkLoadError } from "../lib/lazy-import";

/** Messages browsers give when a dynamically imported chunk cannot be fetched (e.g. after a deploy). */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically/i;

/** Error screen of a route: a chunk that failed to load (spec §8) or an unexpected render error. */
export function RouteError({ error }: ErrorComponentProps) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const isChunkError = error instanceof ChunkLoadError || (error instanceof Error && CHUNK_FAILURE.test(error.message));
  return (
    <Stack maw={560} mx="auto" py="xl">
      <Alert color="red" variant="light" title="Algo salió mal" icon={<IconAlertTriangle aria-hidden />}>
        {isChunkError ? CHUNK_LOAD_MESSAGE : MSG_SESION.errorInterno}
      </Alert>
      <Button variant="default" onClick={() => window.location.reload()} w="fit-content">
        Recargar la página
      </Button>
    </Stack>
  );
}
