import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { type LoginData, type LoginRequest, MSG_SESION, type Operador } from "@portal/contracts";
import { IconAlertCircle, IconEye, IconEyeOff } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import { EmpleadoLogo, ProveedorLogo } from "../../../components/brand/brand-images";
import { preloadSignedInChrome } from "../../../components/layout/app-layout";
import { isApiError } from "../../../lib/api-client";
import { CHUNK_LOAD_MESSAGE, importWithTimeout } from "../../../lib/lazy-import";
import type { LoginValues } from "../login-validation";

/**
 * The login call and its schema (contracts, zod) load when the user presses Ingresar, not with the first
 * screen (decision 017); the signed-in shell starts loading at the same moment. Two fields need no form
 * library: their values and messages are plain state (also decision 017).
 */
const loadLoginCall = () => importWithTimeout(() => import("../api"));

interface LoginFormProps {
  operador: Operador;
  /** Called with the login answer once the server accepted the credentials. */
  onSignedIn: (data: LoginData, operador: Operador) => void;
}

/** Sign-in (spec §2 Login, §5, §8). */
export function LoginForm({ operador, onSignedIn }: LoginFormProps) {
  const [values, setValues] = useState<LoginValues>({ usuario: "", password: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof LoginValues, string>>>({});
  const [isBusy, setIsBusy] = useState(false);
  const busy = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const isEmpleado = operador === "Empleado";
  const Logo = isEmpleado ? EmpleadoLogo : ProveedorLogo;

  const field = (name: keyof LoginValues) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      // Like a form library would: typing in a field clears its message.
      setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setIsBusy(true);
    setFailure(null);
    preloadSignedInChrome();
    try {
      let call: Awaited<ReturnType<typeof loadLoginCall>>;
      try {
        call = await loadLoginCall();
      } catch (error) {
        console.warn("No se pudo cargar el inicio de sesión", error);
        setFailure(CHUNK_LOAD_MESSAGE);
        return;
      }
      const found = call.validateLogin(values, operador);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      const request: LoginRequest = { usuario: values.usuario.trim(), password: values.password, operador };
      let data: LoginData;
      try {
        data = await call.postLogin(request);
      } catch (error) {
        // Spec §8: the server's message after the fixed prefix; a network or parse failure is only logged.
        if (isApiError(error) && error.kind === "http")
          setFailure(`${MSG_SESION.loginFallidoPrefijo} ${error.message}`);
        else console.error("Error al iniciar la sesión", error);
        return;
      }
      onSignedIn(data, operador);
    } finally {
      busy.current = false;
      setIsBusy(false);
    }
  };

  return (
    <Center py={{ base: "md", xs: 40 }}>
      <Card withBorder shadow="sm" radius="lg" padding="xl" w="100%" maw={420}>
        <Stack gap="lg">
          <Stack align="center" gap={6} ta="center">
            <Logo size={84} />
            <Title order={1} fz={24} c="portal.9">
              Iniciar sesión
            </Title>
            <Text c="dimmed" size="sm">
              {isEmpleado ? "Acceso para empleados" : "Acceso para proveedores"}
            </Text>
          </Stack>

          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {failure}
            </Alert>
          ) : null}

          <form onSubmit={(event) => void submit(event)} noValidate>
            <Stack gap="md">
              <TextInput
                label={isEmpleado ? "Usuario" : "RFC"}
                required
                autoComplete="username"
                autoCapitalize={isEmpleado ? "none" : "characters"}
                spellCheck={false}
                {...field("usuario")}
              />
              <PasswordInput
                id="login-password"
                label="Contraseña"
                required
                // Mantine's PasswordInput does not mark its inner input; do it so the error is announced.
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? "login-password-error" : undefined}
                autoComplete="current-password"
                visibilityToggleIcon={({ reveal }) =>
                  reveal ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />
                }
                visibilityToggleFocusable
                // Named by title, not aria-label, so label queries for "Contraseña" find only the input.
                visibilityToggleButtonProps={{ "aria-label": undefined, title: "Mostrar u ocultar la contraseña" }}
                {...field("password")}
              />
              <Group justify="space-between" mt={-6}>
                <Anchor component={Link} to="/" size="sm" c="dimmed">
                  Cambiar tipo de acceso
                </Anchor>
                <Anchor component={Link} to="/RecuperarPassword" size="sm">
                  ¿Olvidó su contraseña?
                </Anchor>
              </Group>
              <Button type="submit" size="md" fullWidth loading={isBusy}>
                Ingresar
              </Button>
              <Text size="xs" c="dimmed" ta="center">
                Al ingresar acepta el{" "}
                <Anchor component={Link} to="/AvisoDePrivacidad" size="xs" underline="always">
                  Aviso de privacidad
                </Anchor>
                .
              </Text>
            </Stack>
          </form>
        </Stack>
      </Card>
    </Center>
  );
}
