import { Button, Paper, Select, Stack, Text } from "@mantine/core";
import { SOLICITUD_CUENTA_MSG } from "@portal/contracts";
import { useState } from "react";
import type { Session } from "../../../lib/session";
import { useProveedores } from "../../proveedores/api";
import { SolicitudCuentaForm } from "./solicitud-cuenta-form";

const M = SOLICITUD_CUENTA_MSG.pantalla;

/**
 * An employee enters a bank-account change for a supplier (issue 41 item 2, decision 069): the supplier picked from
 * the catalogue's active ones, then the same form the supplier uses, sent with its CardCode. The server records who
 * entered it and refuses that employee's own decision on it (four eyes).
 */
export function CapturaPorProveedor({ session }: { session: Session }) {
  const [abierta, setAbierta] = useState(false);
  if (!abierta) {
    return (
      <Button variant="light" onClick={() => setAbierta(true)} maw={360}>
        {M.capturarBoton}
      </Button>
    );
  }
  return <CapturaAbierta session={session} />;
}

/** The open section: the catalogue is read only once the employee asks to enter a request. */
function CapturaAbierta({ session }: { session: Session }) {
  const [cardCode, setCardCode] = useState<string | null>(null);
  const proveedores = useProveedores(session);
  const opciones = (proveedores.data ?? [])
    .filter((p) => p.U_SYS_PMESRE === "A")
    .map((p) => ({ value: p.CardCode, label: `${p.CardName} (${p.LicTradNum})` }));
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} component="section" aria-label={M.capturarBoton}>
      <Stack gap="md">
        <Text size="sm">{M.capturarIntro}</Text>
        <Select
          label={M.proveedorEtiqueta}
          data={opciones}
          value={cardCode}
          onChange={setCardCode}
          searchable
          nothingFoundMessage={M.proveedorSinOpciones}
          maw={520}
          required
        />
        {cardCode ? <SolicitudCuentaForm key={cardCode} cardCode={cardCode} /> : null}
      </Stack>
    </Paper>
  );
}
