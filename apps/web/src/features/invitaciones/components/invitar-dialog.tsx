import { Button, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { INVITACION_MSG } from "@portal/contracts";
import { type FormEvent, useState } from "react";
import { notifySuccess } from "../../../lib/notify";
import { notifySaveError } from "../../../lib/save-feedback";
import { useSociedadesOpciones } from "../../proveedores/api";
import { createInvitacion } from "../api";

const VACIO = { RFC: "", Nombre: "", Correo: "", IdSociedad: null as string | null };

/** 'Invitar proveedor' (issue 41 item 3): RFC, name, e-mail and sociedad; the server checks the RFC's check digit. */
export function InvitarDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const save = createInvitacion.useSave();
  const sociedades = useSociedadesOpciones();
  const [datos, setDatos] = useState(VACIO);
  const completo = datos.RFC.trim() !== "" && datos.Nombre.trim() !== "" && datos.Correo.trim() !== "";
  const close = () => {
    if (save.isPending) return;
    setDatos(VACIO);
    onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!completo || datos.IdSociedad === null) return;
    save.mutate(
      {
        RFC: datos.RFC.trim().toUpperCase(),
        Nombre: datos.Nombre,
        Correo: datos.Correo,
        IdSociedad: Number(datos.IdSociedad),
      },
      {
        onSuccess: (message) => {
          notifySuccess(message);
          setDatos(VACIO);
          onClose();
        },
        onError: (error) => notifySaveError(error, INVITACION_MSG.tituloInvitar),
      },
    );
  };
  const set = (campo: "RFC" | "Nombre" | "Correo") => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDatos((d) => ({ ...d, [campo]: value }));
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={INVITACION_MSG.tituloInvitar}
      closeButtonProps={{ "aria-label": INVITACION_MSG.botonCerrar }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{INVITACION_MSG.explicacionInvitar}</Text>
          <TextInput
            label={INVITACION_MSG.etiquetaRfc}
            required
            maxLength={13}
            value={datos.RFC}
            onChange={set("RFC")}
          />
          <TextInput
            label={INVITACION_MSG.etiquetaNombre}
            required
            maxLength={100}
            value={datos.Nombre}
            onChange={set("Nombre")}
          />
          <TextInput
            label={INVITACION_MSG.etiquetaCorreo}
            type="email"
            required
            maxLength={254}
            value={datos.Correo}
            onChange={set("Correo")}
          />
          <Select
            label={INVITACION_MSG.etiquetaSociedad}
            required
            data={(sociedades.data ?? []).map((s) => ({ value: String(s.IdSociedad), label: s.NomSociedad }))}
            value={datos.IdSociedad}
            onChange={(value) => setDatos((d) => ({ ...d, IdSociedad: value }))}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              {INVITACION_MSG.botonCancelar}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!completo || datos.IdSociedad === null}>
              {INVITACION_MSG.botonEnviar}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
