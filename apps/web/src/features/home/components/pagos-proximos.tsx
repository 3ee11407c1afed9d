import { Anchor, Loader, Table, Text } from "@mantine/core";
import type { ImportePorMoneda } from "@portal/contracts";
import { Link } from "@tanstack/react-router";
import { formatMoney } from "../../../components/data-table";
import type { Session } from "../../../lib/session";
import { usePagosProximos } from "../api";

const MESES = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"];

/** "23 nov" from 2026-11-23. */
const diaMes = (fecha: string) => `${Number(fecha.slice(8, 10))} ${MESES[Number(fecha.slice(5, 7)) - 1]}`;

/** "Del 23 nov al 29 nov 2026". */
export const semanaTexto = (desde: string, hasta: string) =>
  desde === hasta
    ? `${diaMes(desde)} ${hasta.slice(0, 4)}`
    : `Del ${diaMes(desde)} al ${diaMes(hasta)} ${hasta.slice(0, 4)}`;

/** Each currency's amount on a line of its own, never cut or run together on a phone (issue 40). */
const importes = (lista: readonly ImportePorMoneda[]) =>
  lista.map((i) => (
    <Text key={i.DocCur} size="sm" style={{ whiteSpace: "nowrap" }}>
      {formatMoney({ amount: i.Total, currency: i.DocCur })}
    </Text>
  ));

/**
 * A row opens the supplier's invoices in the order they are expected to be paid (issue 40: the rows could not be
 * opened; the list has no date-range filter, so the order brings the week's invoices together).
 */
const FacturasLink = ({ children }: { children: React.ReactNode }) => (
  <Anchor component={Link} to="/MisFacturas" search={{ orden: "FechaProbablePago", dir: "asc" } as never} inherit>
    {children}
  </Anchor>
);
const facturas = (lista: readonly ImportePorMoneda[]) => lista.reduce((n, i) => n + i.Facturas, 0);

/**
 * Home, suppliers only (issue 27): what the supplier is expected to be paid in the next 30 days, by week (each
 * invoice on its 'Fecha probable de pago'), amounts by currency; what was expected earlier and is still unpaid on
 * its own row.
 */
export function PagosProximos({ session }: { session: Session }) {
  const pagos = usePagosProximos(session);
  if (pagos.isPending) return <Loader size="sm" role="status" aria-label="Cargando pagos próximos" />;
  if (pagos.isError) return <Text c="red.8">No se pudieron cargar los pagos próximos.</Text>;
  const { Semanas, Atrasado } = pagos.data;
  if (Semanas.length === 0 && Atrasado.length === 0) {
    return <Text c="dimmed">No tiene pagos esperados en los próximos 30 días.</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={300} type="native">
      <Table striped withTableBorder aria-label="Pagos próximos por semana">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Semana</Table.Th>
            <Table.Th scope="col" ta="right">
              Facturas
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Importe
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {Atrasado.length > 0 ? (
            <Table.Tr>
              <Table.Th scope="row">
                <FacturasLink>Fecha probable vencida, sin pagar</FacturasLink>
              </Table.Th>
              <Table.Td ta="right">{facturas(Atrasado)}</Table.Td>
              <Table.Td ta="right">{importes(Atrasado)}</Table.Td>
            </Table.Tr>
          ) : null}
          {Semanas.map((s) => (
            <Table.Tr key={s.Desde}>
              <Table.Th scope="row" fw="normal">
                <FacturasLink>{semanaTexto(s.Desde, s.Hasta)}</FacturasLink>
              </Table.Th>
              <Table.Td ta="right">{facturas(s.Importes)}</Table.Td>
              <Table.Td ta="right">{importes(s.Importes)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
