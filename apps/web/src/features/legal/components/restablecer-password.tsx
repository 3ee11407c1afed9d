import { Alert, Button, Card, Group, Stack, Text } from "@mantine/core";
import { RESTABLECER_MSG } from "@portal/contracts";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import {
  NuevaPasswordCampos,
  type NuevaPasswordErrores,
  nuevaPasswordErrores,
} from "../../../components/nueva-password";
import { ScreenTitle } from "../../../components/screen-title";
import { isApiError } from "../../../lib/api-client";
import { restablecerPassword } from "../api";

type Estado =
  | { tipo: "listo" }
  | { tipo: "enviando" }
  | { tipo: "hecho"; mensaje: string }
  | { tipo: "error"; mensaje: string };

/**
 * /RestablecerPassword?token=… (issue 41, decision 067): the new password through the link of the reset mail.
 * The link's token is kept in memory only; the answer (used, expired or wrong link) is the server's Spanish message.
 */
export function RestablecerPassword({ token }: { token: string | undefined }) {
  const [password, setPassword] = useState("");
  const [confirmacion, setConfirmacion] = useState("");
  const [errores, setErrores] = useState<NuevaPasswordErrores>({});
  const [estado, setEstado] = useState<Estado>({ tipo: "listo" });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token || estado.tipo === "enviando") return;
    const nuevos = nuevaPasswordErrores(password, confirmacion);
    setErrores(nuevos);
    if (nuevos.password || nuevos.confirmacion) return;
    setEstado({ tipo: "enviando" });
    try {
      setEstado({ tipo: "hecho", mensaje: await restablecerPassword({ token, password }) });
    } catch (failure) {
      setEstado({ tipo: "error", mensaje: isApiError(failure) ? failure.message : String(failure) });
    }
  };

  return (
    <Stack maw={560} mx="auto" gap="md">
      <ScreenTitle>{RESTABLECER_MSG.tituloRestablecer}</ScreenTitle>
      <Card withBorder radius="md" padding="xl">
        {!token ? (
          <Alert color="red" role="alert">
            {RESTABLECER_MSG.sinToken}
          </Alert>
        ) : estado.tipo === "hecho" ? (
          <Alert color="green" role="status">
            {estado.mensaje}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Text>{RESTABLECER_MSG.explicacionRestablecer}</Text>
              <NuevaPasswordCampos
                password={password}
                confirmacion={confirmacion}
                errores={errores}
                onPassword={(value) => {
                  setPassword(value);
                  setErrores((e) => ({ ...e, password: undefined }));
                }}
                onConfirmacion={(value) => {
                  setConfirmacion(value);
                  setErrores((e) => ({ ...e, confirmacion: undefined }));
                }}
              />
              <div>
                <Button type="submit" loading={estado.tipo === "enviando"}>
                  {RESTABLECER_MSG.botonGuardarPassword}
                </Button>
              </div>
              {estado.tipo === "error" && (
                <Alert color="red" role="alert">
                  {estado.mensaje}
                </Alert>
              )}
            </Stack>
          </form>
        )}
      </Card>
      <Group>
        <Button component={Link} to="/Login" variant="default">
          {RESTABLECER_MSG.irALogin}
        </Button>
        {(estado.tipo === "error" || !token) && (
          <Button component={Link} to="/RecuperarPassword" variant="subtle">
            {RESTABLECER_MSG.solicitarOtro}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
