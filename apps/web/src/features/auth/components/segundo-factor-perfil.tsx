import { Alert, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { type EstadoSegundoFactor, SEGUNDO_FACTOR_MSG } from "@portal/contracts";
import { useCallback, useEffect, useState } from "react";
import { isApiError } from "../../../lib/api-client";
import { fetchSecondFactorStatus, regenerateRecoveryCodes } from "../segundo-factor-api";
import { CodigosRecuperacion, SegundoFactorInscripcion } from "./segundo-factor-inscripcion";

type Vista = { tipo: "estado" } | { tipo: "inscribir" } | { tipo: "codigos"; codigos: string[] };

/**
 * The profile's 'Verificación en dos pasos' (decision 071): whether it is on, required or optional; turn it on or move
 * it to another phone; new recovery codes.
 */
export function SegundoFactorPerfil() {
  const [estado, setEstado] = useState<EstadoSegundoFactor | null>(null);
  const [vista, setVista] = useState<Vista>({ tipo: "estado" });
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    fetchSecondFactorStatus().then(setEstado, (failure: unknown) =>
      setError(isApiError(failure) ? failure.message : String(failure)),
    );
  }, []);
  useEffect(reload, []);
  const back = () => {
    setVista({ tipo: "estado" });
    reload();
  };
  const regenerate = async () => {
    setError(null);
    try {
      setVista({ tipo: "codigos", codigos: await regenerateRecoveryCodes() });
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : String(failure));
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" mt="lg" component="section" aria-labelledby="segundo-factor-titulo">
      <Stack gap="sm">
        <Title order={2} size="h4" id="segundo-factor-titulo">
          {SEGUNDO_FACTOR_MSG.tituloPerfil}
        </Title>
        {vista.tipo === "inscribir" ? (
          <SegundoFactorInscripcion onDone={back} />
        ) : vista.tipo === "codigos" ? (
          <CodigosRecuperacion codigos={vista.codigos} onContinue={back} />
        ) : estado ? (
          <>
            <Text>
              {estado.inscrito ? SEGUNDO_FACTOR_MSG.perfilActiva : SEGUNDO_FACTOR_MSG.perfilInactiva}{" "}
              {estado.requerido ? SEGUNDO_FACTOR_MSG.perfilRequerida : SEGUNDO_FACTOR_MSG.perfilOpcional}
            </Text>
            {estado.inscrito && (
              <Text size="sm">
                {SEGUNDO_FACTOR_MSG.perfilCodigosRestantes} {estado.codigosRestantes}
              </Text>
            )}
            <Group>
              <Button variant="default" onClick={() => setVista({ tipo: "inscribir" })}>
                {estado.inscrito ? SEGUNDO_FACTOR_MSG.botonCambiarTelefono : SEGUNDO_FACTOR_MSG.botonActivar}
              </Button>
              {estado.inscrito && (
                <Button variant="default" onClick={() => void regenerate()}>
                  {SEGUNDO_FACTOR_MSG.botonRegenerarCodigos}
                </Button>
              )}
            </Group>
          </>
        ) : null}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
