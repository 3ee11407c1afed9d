import { MSG_SESION } from "@portal/contracts";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { ErrorComponentProps } from "@tanstack/react-router";
import { useEffect } from "react";
import { CHUNK_LOAD_MESSAGE, ChunkLoadError } from "../lib/lazy-import";
import { firstScreenClasses as c, PlainAlert, PlainButton } from "./first-screen/first-screen";

/** Messages browsers give when a dynamically imported chunk cannot be fetched (e.g. after a deploy). */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically/i;

/**
 * Error screen of a route: a chunk that failed to load (spec §8) or an unexpected render error. Plain HTML: it must
 * show even when Mantine's own chunk is what failed to load (decision 017).
 */
export function RouteError({ error }: ErrorComponentProps) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const isChunkError = error instanceof ChunkLoadError || (error instanceof Error && CHUNK_FAILURE.test(error.message));
  return (
    <div className={c.errorPage}>
      <PlainAlert color="red" role="alert" icon={<IconAlertTriangle aria-hidden />}>
        <strong className={c.alertTitle}>Algo salió mal</strong>
        {isChunkError ? CHUNK_LOAD_MESSAGE : MSG_SESION.errorInterno}
      </PlainAlert>
      <div>
        <PlainButton variant="default" onClick={() => window.location.reload()}>
          Recargar la página
        </PlainButton>
      </div>
    </div>
  );
}
