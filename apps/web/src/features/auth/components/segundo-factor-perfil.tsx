import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { type EstadoSegundoFactor, SEGUNDO_FACTOR_MSG } from "@portal/contracts";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { isApiError } from "../../../lib/api-client";
import { disableSecondFactor, fetchSecondFactorStatus, regenerateRecoveryCodes } from "../segundo-factor-api";
import { CodigosRecuperacion, SegundoFactorInscripcion } from "./segundo-factor-inscripcion";

type Vista =
  | { tipo: "estado" }
  | { tipo: "inscribir" }
  | { tipo: "codigos"; codigos: string[] }
  | { tipo: "desactivar" };

/** Turning an optional second factor off: a current code again (the server refuses it for a role that requires one). */
function Desactivar({ onDone, onCancel }: { onDone: (mensaje: string) => void; onCancel: () => void }) {
  const [codigo, setCodigo] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      onDone(await disableSecondFactor(codigo.trim()));
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{SEGUNDO_FACTOR_MSG.explicacionDesactivar}</Text>
        <TextInput
          label={SEGUNDO_FACTOR_MSG.etiquetaCodigo}
          required
          autoComplete="one-time-code"
          maw={260}
          value={codigo}
          error={error ?? undefined}
          onChange={(event) => setCodigo(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" color="red" loading={sending} disabled={codigo.trim() === ""}>
            {SEGUNDO_FACTOR_MSG.botonDesactivar}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {SEGUNDO_FACTOR_MSG.botonCancelar}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The profile's 'Verificación en dos pasos' (decision 071): whether it is on, required or optional; turn it on or move
 * it to another phone; new recovery codes; turn it off where the role does not require it.
 */
export function SegundoFactorPerfil() {
  const [estado, setEstado] = useState<EstadoSegundoFactor | null>(null);
  const [vista, setVista] = useState<Vista>({ tipo: "estado" });
  const [error, setError] = useState<string | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
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
        {vista.tipo === "desactivar" ? (
          <Desactivar
            onDone={(mensaje) => {
              setAviso(mensaje);
              back();
            }}
            onCancel={() => setVista({ tipo: "estado" })}
          />
        ) : vista.tipo === "inscribir" ? (
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
              {estado.inscrito && !estado.requerido && (
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => {
                    setAviso(null);
                    setVista({ tipo: "desactivar" });
                  }}
                >
                  {SEGUNDO_FACTOR_MSG.botonDesactivar}
                </Button>
              )}
            </Group>
          </>
        ) : null}
        {aviso && vista.tipo === "estado" && (
          <Alert color="green" role="status">
            {aviso}
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
