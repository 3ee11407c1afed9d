import { EXTRANJERO_MSG, type LoginData, type LoginRequest, MSG_SESION, type Operador } from "@portal/contracts";
import { IconAlertCircle } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import { EmpleadoLogo, ProveedorLogo } from "../../../components/brand/brand-images";
import {
  firstScreenClasses,
  PlainAlert,
  PlainButton,
  PlainPasswordField,
  PlainTextField,
} from "../../../components/first-screen/first-screen";
import { preloadSignedInChrome } from "../../../components/layout/app-layout";
import { isApiError } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/document-title";
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

/** Sign-in (spec §2 Login, §5, §8); plain HTML, part of the first screen (decision 017). */
export function LoginForm({ operador, onSignedIn }: LoginFormProps) {
  useDocumentTitle("Iniciar sesión");
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

  const c = firstScreenClasses;
  return (
    <div className={`${c.page} ${c.loginPage}`}>
      <div className={`${c.card} ${c.loginCard}`}>
        <div className={c.center}>
          <Logo size={84} />
          <h1 className={`${c.title} ${c.loginTitle}`}>Iniciar sesión</h1>
          <p className={c.dimmed}>{isEmpleado ? "Acceso para empleados" : "Acceso para proveedores"}</p>
        </div>

        {failure ? (
          <PlainAlert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
            {failure}
          </PlainAlert>
        ) : null}

        <form className={c.form} onSubmit={(event) => void submit(event)} noValidate>
          <PlainTextField
            label={isEmpleado ? "Usuario" : "RFC"}
            // Decision 073: a foreign supplier signs in with its CardCode; the spec's label stays 'RFC'.
            description={isEmpleado ? undefined : EXTRANJERO_MSG.ayudaAcceso}
            required
            autoComplete="username"
            autoCapitalize={isEmpleado ? "none" : "characters"}
            spellCheck={false}
            {...field("usuario")}
          />
          <PlainPasswordField
            id="login-password"
            label="Contraseña"
            required
            autoComplete="current-password"
            {...field("password")}
          />
          <div className={c.links}>
            <Link to="/" className={`${c.link} ${c.linkDimmed}`}>
              Cambiar tipo de acceso
            </Link>
            <Link to="/RecuperarPassword" className={c.link}>
              ¿Olvidó su contraseña?
            </Link>
          </div>
          <PlainButton type="submit" isBusy={isBusy}>
            Ingresar
          </PlainButton>
          <p className={`${c.dimmed} ${c.small}`} style={{ textAlign: "center" }}>
            Al ingresar acepta el{" "}
            <Link to="/AvisoDePrivacidad" className={`${c.link} ${c.linkUnderlined}`}>
              Aviso de privacidad
            </Link>
            .
          </p>
        </form>
      </div>
    </div>
  );
}
