import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useEffect, useState, useSyncExternalStore } from "react";
import { renovarSesion } from "../../features/auth/api";
import { clock } from "../../lib/clock";
import { session } from "../../lib/session";
import { estadoExpiracion, MENSAJE_AVISO_EXPIRACION, shouldWarnExpiry } from "../../lib/session-expiry";
import { useUnsentEditsCount } from "../../lib/unsent-edits";

/** The longest the warning waits before looking at the clock again (a laptop that slept, a clock moved). */
const MAX_ESPERA_MS = 15_000;

/**
 * Issue 23: a minute before the 10-minute session ends, on any screen holding decisions not sent, a warning with
 * 'Mantener la sesión', which renews the session on the server (POST /api/sesion/renovar) and in the cookies.
 * Time is the injected clock's (lib/clock.ts), so a test moves it.
 */
export function SessionExpiryWarning() {
  const renovadaEn = useSyncExternalStore(session.subscribeRenewal, session.renewedAt, session.renewedAt);
  const sinEnviar = useUnsentEditsCount();
  // Each look at the clock schedules the next one (the tick is the effect's dependency).
  const [vistazo, reviewBatch] = useState(0);
  const [isRenovando, setIsRenovando] = useState(false);
  const [descartadaEn, setDescartadaEn] = useState<number | null>(null);
  const estado = renovadaEn === null ? null : estadoExpiracion(renovadaEn, clock.now().getTime());
  const phase = estado?.phase;
  const espera = estado ? Math.min(estado.msToNextPhase + 50, MAX_ESPERA_MS) : 0;

  useEffect(() => {
    if (sinEnviar === 0 || phase === undefined || phase === "vencida" || vistazo < 0) return;
    const handle = setTimeout(() => reviewBatch((n) => n + 1), espera);
    return () => clearTimeout(handle);
  }, [sinEnviar, phase, espera, vistazo]);

  const abierto = shouldWarnExpiry(estado, sinEnviar) && descartadaEn !== renovadaEn;

  const keep = async () => {
    setIsRenovando(true);
    try {
      await renovarSesion();
    } catch (error) {
      // A 401 already ended the session (api-client); anything else is only logged (spec §8).
      console.error("No se pudo renovar la sesión", error);
    } finally {
      setIsRenovando(false);
    }
  };

  return (
    <Modal
      opened={abierto}
      onClose={() => setDescartadaEn(renovadaEn)}
      title="Su sesión está por terminar"
      closeButtonProps={{ "aria-label": "Cerrar" }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{MENSAJE_AVISO_EXPIRACION}</Text>
        <Group justify="flex-end">
          <Button onClick={() => void keep()} loading={isRenovando}>
            Mantener la sesión
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
