import { Loader, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { SOLICITUD_CUENTA_MSG } from "@portal/contracts";
import { OpenFileButton } from "../../../components/open-file-button";
import { fechaHoraCdmx } from "../../../lib/fecha-hora";
import { useCuentasBancarias } from "../api";
import { describeCuenta } from "../cuenta-logic";
import { EstatusSolicitudBadge } from "./estatus-solicitud-badge";
import { SolicitudCuentaForm } from "./solicitud-cuenta-form";

/**
 * 'Cuentas bancarias' of the supplier in session (issue 41, decision 069): its approved accounts (what payments go
 * to), its requests with their status and reason, and the form to request a change.
 */
export function CuentasBancariasScreen() {
  const query = useCuentasBancarias();
  const data = query.data;
  return (
    <Stack gap="lg">
      <Text size="sm">{SOLICITUD_CUENTA_MSG.pantalla.introProveedor}</Text>
      <Paper
        withBorder
        radius="md"
        p={{ base: "md", sm: "xl" }}
        component="section"
        aria-labelledby="cuentas-aprobadas"
      >
        <Title order={2} fz="md" id="cuentas-aprobadas" mb="sm">
          Cuentas aprobadas
        </Title>
        {query.isPending ? (
          <Loader size="sm" role="status" aria-label="Cargando cuentas" />
        ) : !data || data.Cuentas.length === 0 ? (
          <Text size="sm" c="dimmed">
            {SOLICITUD_CUENTA_MSG.pantalla.sinCuentas}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="Cuentas aprobadas" striped fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Cuenta</Table.Th>
                  <Table.Th>Titular</Table.Th>
                  <Table.Th>Aprobada</Table.Th>
                  <Table.Th>Comprobante</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.Cuentas.map((c) => (
                  <Table.Tr key={c.Id}>
                    <Table.Td>{describeCuenta(c)}</Table.Td>
                    <Table.Td>{c.Titular}</Table.Td>
                    <Table.Td>{fechaHoraCdmx(c.AprobadaEl)}</Table.Td>
                    <Table.Td>
                      <OpenFileButton
                        url={c.Archivo}
                        aria-label={`Visualizar el comprobante de la cuenta ${c.Moneda}`}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} component="section" aria-labelledby="mis-solicitudes">
        <Title order={2} fz="md" id="mis-solicitudes" mb="sm">
          Mis solicitudes
        </Title>
        {!data || data.Solicitudes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {SOLICITUD_CUENTA_MSG.pantalla.sinSolicitudes}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="Solicitudes de cambio de cuenta bancaria" striped fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th>Cuenta solicitada</Table.Th>
                  <Table.Th>Estatus</Table.Th>
                  <Table.Th>Motivo</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.Solicitudes.map((s) => (
                  <Table.Tr key={s.Id}>
                    <Table.Td>{fechaHoraCdmx(s.CapturadaEl)}</Table.Td>
                    <Table.Td>{describeCuenta(s)}</Table.Td>
                    <Table.Td>
                      <EstatusSolicitudBadge estatus={s.Estatus} />
                    </Table.Td>
                    <Table.Td>{s.Motivo}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <SolicitudCuentaForm />
    </Stack>
  );
}
