import { Alert, Button, Code, Image, List, Stack, Text, TextInput } from "@mantine/core";
import { SEGUNDO_FACTOR_MSG } from "@portal/contracts";
import { type FormEvent, useState } from "react";
import { renderSVG } from "uqr";
import { isApiError } from "../../../lib/api-client";
import { confirmEnrolment, startEnrolment } from "../segundo-factor-api";

const message = (failure: unknown) => (isApiError(failure) ? failure.message : String(failure));

/** The recovery codes, shown once (decision 071). */
export function CodigosRecuperacion({ codigos, onContinue }: { codigos: string[]; onContinue: () => void }) {
  return (
    <Stack gap="sm">
      <Text fw={600}>{SEGUNDO_FACTOR_MSG.tituloCodigos}</Text>
      <Text size="sm">{SEGUNDO_FACTOR_MSG.explicacionCodigos}</Text>
      <List aria-label={SEGUNDO_FACTOR_MSG.tituloCodigos} spacing={2}>
        {codigos.map((codigo) => (
          <List.Item key={codigo}>
            <Code>{codigo}</Code>
          </List.Item>
        ))}
      </List>
      <div>
        <Button onClick={onContinue}>{SEGUNDO_FACTOR_MSG.botonContinuar}</Button>
      </div>
    </Stack>
  );
}

/**
 * Enrolment (decision 071): a new secret as a QR code and as text, confirmed with the app's first code; then the
 * recovery codes once. `token` is the pending sign-in's (first sign-in); absent from the profile.
 */
export function SegundoFactorInscripcion({ token, onDone }: { token?: string; onDone: () => void }) {
  const [clave, setClave] = useState<{ secreto: string; uri: string } | null>(null);
  const [codigo, setCodigo] = useState("");
  const [codigos, setCodigos] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(message(failure));
    } finally {
      setBusy(false);
    }
  };
  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => setCodigos(await confirmEnrolment(codigo.trim(), token)));
  };

  if (codigos) return <CodigosRecuperacion codigos={codigos} onContinue={onDone} />;
  return (
    <Stack gap="md">
      <Text>{SEGUNDO_FACTOR_MSG.explicacionInscribir}</Text>
      {!clave ? (
        <div>
          <Button loading={busy} onClick={() => void run(async () => setClave(await startEnrolment(token)))}>
            {SEGUNDO_FACTOR_MSG.botonGenerar}
          </Button>
        </div>
      ) : (
        <form onSubmit={confirm} noValidate>
          <Stack gap="md">
            <Image
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(clave.uri))}`}
              alt={SEGUNDO_FACTOR_MSG.etiquetaQr}
              w={200}
              h={200}
            />
            <TextInput label={SEGUNDO_FACTOR_MSG.etiquetaSecreto} value={clave.secreto} readOnly />
            <TextInput
              label={SEGUNDO_FACTOR_MSG.etiquetaCodigo}
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              value={codigo}
              onChange={(event) => setCodigo(event.currentTarget.value)}
            />
            <div>
              <Button type="submit" loading={busy}>
                {SEGUNDO_FACTOR_MSG.botonConfirmar}
              </Button>
            </div>
          </Stack>
        </form>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
