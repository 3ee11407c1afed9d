import { Alert, Button, Loader, SegmentedControl, Stack, Table, Text } from "@mantine/core";
import { SOLICITUD_CUENTA_MSG, type SolicitudCuentaRow } from "@portal/contracts";
import { useState } from "react";
import { fechaHoraCdmx } from "../../../lib/fecha-hora";
import type { Session } from "../../../lib/session";
import { useSolicitudesCuenta } from "../api";
import { describeCuenta } from "../cuenta-logic";
import { CapturaPorProveedor } from "./captura-por-proveedor";
import { EstatusSolicitudBadge } from "./estatus-solicitud-badge";
import { SolicitudCuentaReview } from "./solicitud-cuenta-review";

type Filtro = "pendiente" | "aprobada" | "rechazada" | "todas";
/**
 * 'Solicitudes de cuenta bancaria' for employees (issue 41, decision 069): the pending requests (or the decided
 * ones), each with the supplier, who entered it and the account asked for; 'Revisar' opens the old and the new
 * account side by side with the PDF and the decision.
 */
export function SolicitudesCuentaScreen({ session }: { session: Session }) {
  const [filtro, setFiltro] = useState<Filtro>("pendiente");
  const query = useSolicitudesCuenta(filtro);
  const [abierta, setAbierta] = useState<SolicitudCuentaRow | null>(null);
  const rows = query.data?.Solicitudes ?? [];
  return (
    <Stack gap="lg">
      <Text size="sm">{SOLICITUD_CUENTA_MSG.pantalla.introEmpleado}</Text>
      <CapturaPorProveedor session={session} />
      {query.data && !query.data.PuedeAprobar ? (
        <Alert color="gray">{SOLICITUD_CUENTA_MSG.pantalla.sinPermiso}</Alert>
      ) : null}
      <SegmentedControl
        aria-label="Estatus de las solicitudes"
        value={filtro}
        onChange={(value) => setFiltro(value as Filtro)}
        data={[
          { value: "pendiente", label: "Pendientes" },
          { value: "aprobada", label: "Aprobadas" },
          { value: "rechazada", label: "Rechazadas" },
          { value: "todas", label: "Todas" },
        ]}
        maw={520}
      />
      {query.isPending ? (
        <Loader size="sm" role="status" aria-label="Cargando solicitudes" />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {SOLICITUD_CUENTA_MSG.pantalla.sinSolicitudes}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table aria-label="Solicitudes de cuenta bancaria" striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Proveedor</Table.Th>
                <Table.Th>Cuenta solicitada</Table.Th>
                <Table.Th>Capturada por</Table.Th>
                <Table.Th>Estatus</Table.Th>
                <Table.Th>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((s) => (
                <Table.Tr key={s.Id}>
                  <Table.Td>{fechaHoraCdmx(s.CapturadaEl)}</Table.Td>
                  <Table.Td>{s.Proveedor}</Table.Td>
                  <Table.Td>{describeCuenta(s)}</Table.Td>
                  <Table.Td>{s.CapturadaPor}</Table.Td>
                  <Table.Td>
                    <EstatusSolicitudBadge estatus={s.Estatus} />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => setAbierta(s)}
                      aria-label={`Revisar la solicitud ${s.Id} de ${s.Proveedor}`}
                    >
                      Revisar
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <SolicitudCuentaReview
        solicitud={abierta}
        canApprove={query.data?.PuedeAprobar ?? false}
        onClose={() => setAbierta(null)}
      />
    </Stack>
  );
}
