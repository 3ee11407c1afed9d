import { Alert, Button, Card, SegmentedControl, Stack, Text, TextInput, Title } from "@mantine/core";
import {
  CALLS,
  EXTRANJERO_MSG,
  OPERADORES,
  type Operador,
  RESTABLECER_MSG,
  type SolicitarRestablecimientoRequest,
} from "@portal/contracts";
import { type FormEvent, useState } from "react";
import { isApiError } from "../../../lib/api-client";
import { session } from "../../../lib/session";
import { solicitarRestablecimiento } from "../api";

type Estado =
  | { tipo: "listo" }
  | { tipo: "enviando" }
  | { tipo: "enviado"; mensaje: string }
  | { tipo: "error"; mensaje: string };

/**
 * The reset link's request (issue 41, decision 067), beside the spec's static instructions: the user name (or RFC,
 * or a registered e-mail) and whose account it is. The answer is the same whether or not the account exists.
 */
export function SolicitarRestablecimiento() {
  const [operador, setOperador] = useState<Operador>(() => session.getOperador() ?? "Proveedor");
  const [usuario, setUsuario] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [estado, setEstado] = useState<Estado>({ tipo: "listo" });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (estado.tipo === "enviando") return;
    const request: SolicitarRestablecimientoRequest = { operador, usuario };
    const parsed = CALLS.solicitarRestablecimiento.request.safeParse(request);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setEstado({ tipo: "enviando" });
    try {
      setEstado({ tipo: "enviado", mensaje: await solicitarRestablecimiento(parsed.data) });
    } catch (failure) {
      setEstado({ tipo: "error", mensaje: isApiError(failure) ? failure.message : String(failure) });
    }
  };

  return (
    <Card withBorder radius="md" padding="xl" component="section" aria-labelledby="solicitar-enlace">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg" id="solicitar-enlace" c="portal.8">
            {RESTABLECER_MSG.tituloSolicitud}
          </Title>
          <Text>{RESTABLECER_MSG.explicacionSolicitud}</Text>
          <SegmentedControl
            aria-label={RESTABLECER_MSG.etiquetaOperador}
            value={operador}
            onChange={(value) => setOperador(value as Operador)}
            data={OPERADORES.map((o) => ({ value: o, label: o }))}
          />
          <TextInput
            label={RESTABLECER_MSG.etiquetaUsuario}
            // Decision 073: a foreign supplier asks with its CardCode (the generic RFC names no one).
            description={operador === "Proveedor" ? EXTRANJERO_MSG.ayudaAcceso : undefined}
            required
            autoComplete="username"
            value={usuario}
            error={error}
            onChange={(event) => {
              setUsuario(event.currentTarget.value);
              setError(undefined);
            }}
          />
          <div>
            <Button type="submit" loading={estado.tipo === "enviando"}>
              {RESTABLECER_MSG.botonEnviarEnlace}
            </Button>
          </div>
          {estado.tipo === "enviado" && (
            <Alert color="green" role="status">
              {estado.mensaje}
            </Alert>
          )}
          {estado.tipo === "error" && (
            <Alert color="red" role="alert">
              {estado.mensaje}
            </Alert>
          )}
        </Stack>
      </form>
    </Card>
  );
}
