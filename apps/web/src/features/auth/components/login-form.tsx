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
import { type LoginData, type LoginRequest, loginRequestSchema, MSG, type Operador } from "@portal/contracts";
import { IconAlertCircle, IconEye, IconEyeOff } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { EmpleadoLogo, ProveedorLogo } from "../../../components/brand/brand-images";
import { isApiError } from "../../../lib/api-client";
import { useLoginMutation } from "../api";

interface LoginValues {
  usuario: string;
  password: string;
}

/**
 * Field errors from the contracts' login schema, so the web and the API say the same thing.
 *
 * Spec §5 notes that the original meant to flag an empty user field but, because of a wrongly cased
 * property name, never did; only an empty password was caught. Users expect both fields to be
 * marked, so both are validated here.
 */
export function validateLogin(values: LoginValues, operador: Operador): Partial<Record<keyof LoginValues, string>> {
  const result = loginRequestSchema.safeParse({ ...values, operador });
  if (result.success) return {};
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === "usuario" || field === "password") && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

interface LoginFormProps {
  operador: Operador;
  /** Called with the login answer once the server accepted the credentials. */
  onSignedIn: (data: LoginData, operador: Operador) => void;
}

/** Sign-in (spec §2 Login, §5, §8). */
export function LoginForm({ operador, onSignedIn }: LoginFormProps) {
  const login = useLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const isEmpleado = operador === "Empleado";
  const Logo = isEmpleado ? EmpleadoLogo : ProveedorLogo;

  const form = useForm<LoginValues>({
    mode: "controlled",
    initialValues: { usuario: "", password: "" },
    validate: (values) => validateLogin(values, operador),
    validateInputOnBlur: false,
  });

  const submit = (values: LoginValues) => {
    setFailure(null);
    const request: LoginRequest = { usuario: values.usuario.trim(), password: values.password, operador };
    login.mutate(request, {
      onSuccess: (data) => onSignedIn(data, operador),
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

          <form onSubmit={form.onSubmit(submit)} noValidate>
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
              <Button type="submit" size="md" fullWidth loading={login.isPending}>
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
