import { Alert, Button, Card, Stack, Text, TextInput } from "@mantine/core";
import { SEGUNDO_FACTOR_MSG } from "@portal/contracts";
import { Navigate, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { ScreenTitle } from "../../../components/screen-title";
import { isApiError } from "../../../lib/api-client";
import { completeSignIn } from "../complete-sign-in";
import { pendingSignIn } from "../pending-sign-in";
import { verifySecondFactor } from "../segundo-factor-api";
import { SegundoFactorInscripcion } from "./segundo-factor-inscripcion";

/** 'Código de verificación': the TOTP code or a recovery code after a right password. */
function Verificacion({ token, onDone }: { token: string; onDone: () => void }) {
  const [codigo, setCodigo] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await verifySecondFactor(codigo.trim(), token);
      onDone();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text>{SEGUNDO_FACTOR_MSG.explicacionVerificar}</Text>
        <TextInput
          label={SEGUNDO_FACTOR_MSG.etiquetaCodigo}
          required
          autoComplete="one-time-code"
          autoFocus
          value={codigo}
          onChange={(event) => setCodigo(event.currentTarget.value)}
        />
        <div>
          <Button type="submit" loading={busy}>
            {SEGUNDO_FACTOR_MSG.botonVerificar}
          </Button>
        </div>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

/**
 * /SegundoFactor (decision 071; not in the spec's route table): the step after /Login's password when the account
 * has a second factor (the code) or its role requires one it has not set up (the enrolment). The session's cookies
 * are written only once the step is done.
 */
export function SegundoFactorPantalla() {
  const navigate = useNavigate();
  const [pending] = useState(pendingSignIn.get);
  if (!pending) return <Navigate to="/Login" replace />;
  const { data, operador } = pending;
  const finish = () => {
    pendingSignIn.clear();
    const { segundoFactor: _done, ...signedIn } = data;
    completeSignIn(signedIn, operador, navigate);
  };
  const enrol = data.segundoFactor === "inscribir";
  return (
    <Stack maw={560} mx="auto" gap="md">
      <ScreenTitle>{enrol ? SEGUNDO_FACTOR_MSG.tituloInscribir : SEGUNDO_FACTOR_MSG.tituloVerificar}</ScreenTitle>
      <Card withBorder radius="md" padding="xl">
        {enrol ? (
          <SegundoFactorInscripcion token={data.token} onDone={finish} />
        ) : (
          <Verificacion token={data.token} onDone={finish} />
        )}
      </Card>
      <div>
        <Button variant="default" onClick={() => void navigate({ to: "/Login", replace: true })}>
          {SEGUNDO_FACTOR_MSG.botonCancelar}
        </Button>
      </div>
    </Stack>
  );
}
