import { Alert, Button, Card, Group, List, PasswordInput, Stack, Text, ThemeIcon } from "@mantine/core";
import { PASSWORD_EMPLEADO_RE, PASSWORD_NUEVA_MIN, passwordNuevaProblemas, RESTABLECER_MSG } from "@portal/contracts";
import { IconCheck, IconX } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { ScreenTitle } from "../../../components/screen-title";
import { isApiError } from "../../../lib/api-client";
import { restablecerPassword } from "../api";

type Estado =
  | { tipo: "listo" }
  | { tipo: "enviando" }
  | { tipo: "hecho"; mensaje: string }
  | { tipo: "error"; mensaje: string };

/** The rules the screen shows as the user types (decision 067); the server checks them again, and the user name. */
function reglas(password: string) {
  const problemas = passwordNuevaProblemas(password);
  return [
    { texto: RESTABLECER_MSG.reglaLargo, ok: password.length >= PASSWORD_NUEVA_MIN && password.length <= 30 },
    { texto: RESTABLECER_MSG.reglaAlfanumerica, ok: password !== "" && PASSWORD_EMPLEADO_RE.test(password) },
    { texto: RESTABLECER_MSG.reglaComun, ok: password !== "" && !problemas.includes(RESTABLECER_MSG.passwordComun) },
    { texto: RESTABLECER_MSG.reglaIdentidad, ok: null },
  ];
}

export function Reglas({ password }: { password: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" id="reglas-password">
        {RESTABLECER_MSG.reglasTitulo}
      </Text>
      <List spacing={2} size="sm" aria-labelledby="reglas-password" center>
        {reglas(password).map((regla) => (
          <List.Item
            key={regla.texto}
            data-cumple={regla.ok === null ? undefined : String(regla.ok)}
            icon={
              <ThemeIcon
                size="xs"
                radius="xl"
                variant="light"
                color={regla.ok ? "green" : regla.ok === null ? "gray" : "red"}
              >
                {regla.ok ? <IconCheck size={10} aria-hidden /> : <IconX size={10} aria-hidden />}
              </ThemeIcon>
            }
          >
            {regla.texto}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * /RestablecerPassword?token=… (issue 41, decision 067): the new password through the link of the reset mail.
 * The link's token is kept in memory only; the answer (used, expired or wrong link) is the server's Spanish message.
 */
export function RestablecerPassword({ token }: { token: string | undefined }) {
  const [password, setPassword] = useState("");
  const [confirmacion, setConfirmacion] = useState("");
  const [errores, setErrores] = useState<{ password?: string; confirmacion?: string }>({});
  const [estado, setEstado] = useState<Estado>({ tipo: "listo" });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token || estado.tipo === "enviando") return;
    const problemas = passwordNuevaProblemas(password);
    const nuevos = {
      password: problemas.length > 0 ? problemas.join(" ") : undefined,
      confirmacion: confirmacion !== password ? RESTABLECER_MSG.passwordsDistintas : undefined,
    };
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
              <PasswordInput
                label={RESTABLECER_MSG.etiquetaPassword}
                required
                autoComplete="new-password"
                value={password}
                error={errores.password}
                onChange={(event) => {
                  setPassword(event.currentTarget.value);
                  setErrores((e) => ({ ...e, password: undefined }));
                }}
              />
              <Reglas password={password} />
              <PasswordInput
                label={RESTABLECER_MSG.etiquetaConfirmacion}
                required
                autoComplete="new-password"
                value={confirmacion}
                error={errores.confirmacion}
                onChange={(event) => {
                  setConfirmacion(event.currentTarget.value);
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
