import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput } from "@mantine/core";
import { INVITACION_MSG } from "@portal/contracts";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import {
  NuevaPasswordCampos,
  type NuevaPasswordErrores,
  nuevaPasswordErrores,
} from "../../../components/nueva-password";
import { ScreenTitle } from "../../../components/screen-title";
import { isApiError } from "../../../lib/api-client";
import { getInvitacion, registrarProveedor } from "../api";

type Estado =
  | { tipo: "listo" }
  | { tipo: "enviando" }
  | { tipo: "hecho"; mensaje: string }
  | { tipo: "error"; mensaje: string };

const mensajeDe = (failure: unknown) => (isApiError(failure) ? failure.message : String(failure));

/**
 * /Registro?token=… (issue 41 item 3, decision 070): the supplier invited by mail types its RFC (the invited one),
 * chooses its password (the reset's stronger rule) and its contact, once, within 72 hours. The token stays in memory.
 */
type Invitacion =
  | { tipo: "cargando" }
  | { tipo: "lista"; Nombre: string; NomSociedad: string }
  | { tipo: "error"; mensaje: string };

/**
 * What the link is for, read once. Not a query: its refusal is this page's answer (shown in it), not a failed list
 * the query cache logs.
 */
function useInvitacion(token: string | undefined): Invitacion {
  const [invitacion, setInvitacion] = useState<Invitacion>({ tipo: "cargando" });
  useEffect(() => {
    if (token === undefined) return;
    let vigente = true;
    getInvitacion({ token }).then(
      (data) => vigente && setInvitacion({ tipo: "lista", ...data }),
      (failure: unknown) => vigente && setInvitacion({ tipo: "error", mensaje: mensajeDe(failure) }),
    );
    return () => {
      vigente = false;
    };
  }, [token]);
  return invitacion;
}

export function RegistroProveedor({ token }: { token: string | undefined }) {
  const invitacion = useInvitacion(token);
  return (
    <Stack maw={560} mx="auto" gap="md">
      <ScreenTitle>{INVITACION_MSG.tituloRegistro}</ScreenTitle>
      <Card withBorder radius="md" padding="xl">
        {!token ? (
          <Alert color="red" role="alert">
            {INVITACION_MSG.sinToken}
          </Alert>
        ) : invitacion.tipo === "cargando" ? (
          <Loader size="sm" />
        ) : invitacion.tipo === "error" ? (
          <Alert color="red" role="alert">
            {invitacion.mensaje}
          </Alert>
        ) : (
          <RegistroForm token={token} nombre={invitacion.Nombre} sociedad={invitacion.NomSociedad} />
        )}
      </Card>
      <Group>
        <Button component={Link} to="/Login" variant="default">
          {INVITACION_MSG.irALogin}
        </Button>
      </Group>
    </Stack>
  );
}

function RegistroForm({ token, nombre, sociedad }: { token: string; nombre: string; sociedad: string }) {
  const [datos, setDatos] = useState({ RFC: "", password: "", confirmacion: "", Phone1: "", CntctPrsn: "" });
  const [errores, setErrores] = useState<NuevaPasswordErrores>({});
  const [estado, setEstado] = useState<Estado>({ tipo: "listo" });
  const set = (campo: keyof typeof datos) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDatos((d) => ({ ...d, [campo]: value }));
    setErrores({});
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (estado.tipo === "enviando") return;
    const nuevos = nuevaPasswordErrores(datos.password, datos.confirmacion);
    setErrores(nuevos);
    if (nuevos.password || nuevos.confirmacion) return;
    setEstado({ tipo: "enviando" });
    try {
      const mensaje = await registrarProveedor({
        token,
        RFC: datos.RFC.trim().toUpperCase(),
        password: datos.password,
        Phone1: datos.Phone1,
        CntctPrsn: datos.CntctPrsn,
      });
      setEstado({ tipo: "hecho", mensaje });
    } catch (failure) {
      setEstado({ tipo: "error", mensaje: mensajeDe(failure) });
    }
  };
  if (estado.tipo === "hecho") {
    return (
      <Stack gap="sm">
        <Alert color="green" role="status">
          {estado.mensaje}
        </Alert>
        <Text size="sm">{INVITACION_MSG.siguientePaso}</Text>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{INVITACION_MSG.explicacionRegistro(nombre, sociedad)}</Text>
        <TextInput
          label={INVITACION_MSG.etiquetaRfc}
          required
          maxLength={13}
          autoComplete="username"
          value={datos.RFC}
          onChange={set("RFC")}
        />
        <NuevaPasswordCampos
          password={datos.password}
          confirmacion={datos.confirmacion}
          errores={errores}
          onPassword={(value) => set("password")({ currentTarget: { value } })}
          onConfirmacion={(value) => set("confirmacion")({ currentTarget: { value } })}
        />
        <TextInput
          label={INVITACION_MSG.etiquetaContacto}
          required
          maxLength={254}
          value={datos.CntctPrsn}
          onChange={set("CntctPrsn")}
        />
        <TextInput
          label={INVITACION_MSG.etiquetaTelefono}
          maxLength={50}
          autoComplete="tel"
          value={datos.Phone1}
          onChange={set("Phone1")}
        />
        <div>
          <Button
            type="submit"
            loading={estado.tipo === "enviando"}
            disabled={datos.RFC.trim() === "" || datos.CntctPrsn.trim() === ""}
          >
            {INVITACION_MSG.botonRegistrar}
          </Button>
        </div>
        {estado.tipo === "error" && (
          <Alert color="red" role="alert">
            {estado.mensaje}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
