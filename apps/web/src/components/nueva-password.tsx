import { List, PasswordInput, Stack, Text, ThemeIcon } from "@mantine/core";
import { PASSWORD_EMPLEADO_RE, PASSWORD_NUEVA_MIN, passwordNuevaProblemas, RESTABLECER_MSG } from "@portal/contracts";
import { IconCheck, IconX } from "@tabler/icons-react";

/** What is wrong with a new password and its confirmation (decision 067); the server checks them again. */
export interface NuevaPasswordErrores {
  password?: string;
  confirmacion?: string;
}

/** The two fields' errors before sending: the password's rules, then whether the confirmation repeats it. */
export function nuevaPasswordErrores(password: string, confirmacion: string): NuevaPasswordErrores {
  const problemas = passwordNuevaProblemas(password);
  return {
    password: problemas.length > 0 ? problemas.join(" ") : undefined,
    confirmacion: confirmacion !== password ? RESTABLECER_MSG.passwordsDistintas : undefined,
  };
}

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

function Reglas({ password }: { password: string }) {
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
 * A new password, its rules as the user types and its confirmation: the reset link's screen and the invited
 * supplier's registration (issue 41) choose a password the same way.
 */
export function NuevaPasswordCampos({
  password,
  confirmacion,
  errores,
  onPassword,
  onConfirmacion,
}: {
  password: string;
  confirmacion: string;
  errores: NuevaPasswordErrores;
  onPassword: (value: string) => void;
  onConfirmacion: (value: string) => void;
}) {
  return (
    <>
      <PasswordInput
        label={RESTABLECER_MSG.etiquetaPassword}
        required
        autoComplete="new-password"
        value={password}
        error={errores.password}
        onChange={(event) => onPassword(event.currentTarget.value)}
      />
      <Reglas password={password} />
      <PasswordInput
        label={RESTABLECER_MSG.etiquetaConfirmacion}
        required
        autoComplete="new-password"
        value={confirmacion}
        error={errores.confirmacion}
        onChange={(event) => onConfirmacion(event.currentTarget.value)}
      />
    </>
  );
}
