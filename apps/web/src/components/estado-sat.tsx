import { Badge, Group } from "@mantine/core";

/** What the rows carry of a CFDI's status at the SAT (issue 15; employees only, absent for suppliers). */
export interface EstadoSatCampos {
  EstadoSAT?: "" | "Vigente" | "Cancelado" | "No Encontrado";
  PendienteSAT?: boolean;
  EfosSAT?: string;
}

/**
 * The marks worth an employee's attention, in words: 'Cancelado en el SAT', 'Pendiente de verificar en el SAT',
 * 'No encontrado en el SAT', 'Emisor en la lista EFOS del SAT'. Nothing for a CFDI the SAT holds as Vigente.
 */
export function marcasSat(row: EstadoSatCampos): { texto: string; color: string }[] {
  const marcas: { texto: string; color: string }[] = [];
  if (row.EstadoSAT === "Cancelado") marcas.push({ texto: "Cancelado en el SAT", color: "red" });
  else if (row.PendienteSAT) marcas.push({ texto: "Pendiente de verificar en el SAT", color: "yellow" });
  else if (row.EstadoSAT === "No Encontrado") marcas.push({ texto: "No encontrado en el SAT", color: "orange" });
  if (row.EfosSAT === "100") marcas.push({ texto: "Emisor en la lista EFOS del SAT", color: "red" });
  return marcas;
}

/** The text of the marks, for a list's search and sort. */
export const textoSat = (row: EstadoSatCampos) =>
  marcasSat(row)
    .map((m) => m.texto)
    .join(" ");

/** The marks as badges (none when there is nothing to flag). */
export function EstadoSatBadges({ row }: { row: EstadoSatCampos }) {
  const marcas = marcasSat(row);
  if (marcas.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" data-estado-sat>
      {marcas.map((m) => (
        <Badge key={m.texto} variant="filled" color={m.color} radius="sm" tt="none">
          {m.texto}
        </Badge>
      ))}
    </Group>
  );
}
