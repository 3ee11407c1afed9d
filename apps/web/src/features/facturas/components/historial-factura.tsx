import { HistorialSection } from "../../../components/historial-section";
import type { Operator } from "../../../lib/list-query";
import { useHistorialFactura } from "../api";

/** 'Historial' of the invoice detail (issue 13): its decisions and the supplier's corrections, in words. */
export function HistorialFacturaSection({ operator, idFactura }: { operator: Operator; idFactura: number }) {
  const historial = useHistorialFactura(operator, idFactura);
  return <HistorialSection isPending={historial.isPending} entradas={historial.data ?? []} />;
}
