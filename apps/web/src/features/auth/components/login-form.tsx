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
import { useForm } from "@mantine/form";
import { type LoginData, type LoginRequest, MSG, type Operador } from "@portal/contracts";
import { IconAlertCircle, IconEye, IconEyeOff } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { EmpleadoLogo, ProveedorLogo } from "../../../components/brand/brand-images";
import { preloadSignedInChrome } from "../../../components/layout/app-layout";
import { isApiError } from "../../../lib/api-client";
import { CHUNK_LOAD_MESSAGE, importWithTimeout } from "../../../lib/lazy-import";
import type { LoginValues } from "../login-validation";

/**
 * The login call and its schema (contracts, zod) load when the user presses Ingresar, not with the first
 * screen (decision 017); the signed-in shell starts loading at the same moment.
 */
const loadLoginCall = () => importWithTimeout(() => import("../api"));

interface LoginFormProps {
  operador: Operador;
  /** Called with the login answer once the server accepted the credentials. */
  onSignedIn: (data: LoginData, operador: Operador) => void;
}

/** Sign-in (spec §2 Login, §5, §8). */
export function LoginForm({ operador, onSignedIn }: LoginFormProps) {
  const login = useMutation({
    mutationKey: ["auth", "login"],
    mutationFn: async (request: LoginRequest) => (await loadLoginCall()).postLogin(request),
  });
  const [isChecking, setIsChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const isEmpleado = operador === "Empleado";
  const Logo = isEmpleado ? EmpleadoLogo : ProveedorLogo;

  const form = useForm<LoginValues>({
    mode: "controlled",
    initialValues: { usuario: "", password: "" },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isChecking || login.isPending) return;
    setFailure(null);
    setIsChecking(true);
    preloadSignedInChrome();
    let call: Awaited<ReturnType<typeof loadLoginCall>>;
    try {
      call = await loadLoginCall();
    } catch (error) {
      console.warn("No se pudo cargar el inicio de sesión", error);
      setFailure(CHUNK_LOAD_MESSAGE);
      return;
    } finally {
      setIsChecking(false);
    }
    const values = form.getValues();
    const errors = call.validateLogin(values, operador);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const request: LoginRequest = { usuario: values.usuario.trim(), password: values.password, operador };
    login.mutate(request, {
      onSuccess: (data: LoginData) => onSignedIn(data, operador),
      onError: (error) => {
        // Spec §8: the server's message after the fixed prefix; a network or parse failure is only logged.
        if (isApiError(error) && error.kind === "http") setFailure(`${MSG.loginFallidoPrefijo} ${error.message}`);
        else console.error("Error al iniciar la sesión", error);
      },
    });
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
                key={form.key("usuario")}
                {...form.getInputProps("usuario")}
              />
              <PasswordInput
                id="login-password"
                label="Contraseña"
                required
                // Mantine's PasswordInput does not mark its inner input; do it so the error is announced.
                aria-invalid={form.errors.password ? true : undefined}
                aria-describedby={form.errors.password ? "login-password-error" : undefined}
                autoComplete="current-password"
                visibilityToggleIcon={({ reveal }) =>
                  reveal ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />
                }
                visibilityToggleFocusable
                // Named by title, not aria-label, so label queries for "Contraseña" find only the input.
                visibilityToggleButtonProps={{ "aria-label": undefined, title: "Mostrar u ocultar la contraseña" }}
                key={form.key("password")}
                {...form.getInputProps("password")}
              />
              <Group justify="space-between" mt={-6}>
                <Anchor component={Link} to="/" size="sm" c="dimmed">
                  Cambiar tipo de acceso
                </Anchor>
                <Anchor component={Link} to="/RecuperarPassword" size="sm">
                  ¿Olvidó su contraseña?
                </Anchor>
              </Group>
              <Button type="submit" size="md" fullWidth loading={isChecking || login.isPending}>
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
