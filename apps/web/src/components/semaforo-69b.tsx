import { Badge, Stack, Text, Tooltip } from "@mantine/core";
import type { Lista69b } from "@portal/contracts";
import type { DataTableColumn } from "./data-table";

const COLOR = { verde: "teal", ambar: "yellow", rojo: "red" } as const;

/** What the light says in words: the situation on the list, or 'No listado'. */
export const etiqueta69b = (lista: Lista69b) => lista.Situacion ?? "No listado";

/** The publication data of the stage the RFC is in, one line each (empty ones left out). */
export function detalle69b(lista: Lista69b): string[] {
  if (!lista.Situacion) return [`No está en la lista 69-B del SAT importada el ${lista.ListaAl}.`];
  return [
    `Lista 69-B del SAT (importada el ${lista.ListaAl}): ${lista.Situacion}.`,
    ...(lista.Nombre ? [`Contribuyente: ${lista.Nombre}`] : []),
    ...(lista.Oficio ? [`Oficio: ${lista.Oficio}`] : []),
    ...(lista.PublicacionSAT ? [`Publicación en la página del SAT: ${lista.PublicacionSAT}`] : []),
    ...(lista.PublicacionDOF ? [`Publicación en el DOF: ${lista.PublicacionDOF}`] : []),
  ];
}

/**
 * The traffic light of an RFC on the SAT's 69-B list (issue 15): green not listed, Desvirtuado or Sentencia
 * Favorable; amber Presunto; red Definitivo; the publication data in a tooltip. Nothing when there is no
 * answer (no list imported yet, or a row that carries none).
 */
export function Semaforo69b({ lista }: { lista: Lista69b | null | undefined }) {
  if (!lista) return null;
  const texto = etiqueta69b(lista);
  return (
    <Tooltip
      multiline
      maw={380}
      openDelay={100}
      label={
        <Stack gap={2}>
          {detalle69b(lista).map((linea) => (
            <Text key={linea} size="xs">
              {linea}
            </Text>
          ))}
        </Stack>
      }
    >
      <Badge
        variant={lista.Semaforo === "verde" ? "light" : "filled"}
        color={COLOR[lista.Semaforo]}
        radius="sm"
        tt="none"
        aria-label={`Lista 69-B: ${texto}`}
        data-semaforo={lista.Semaforo}
      >
        {texto}
      </Badge>
    </Tooltip>
  );
}

/**
 * '69-B' column of the review lists (issue 15): the issuer on the SAT's 69-B list — a Presunto's CFDI is accepted
 * and flagged here for the reviewer; empty when the issuer is not listed. Searchable and sortable by the words.
 */
export const columna69b = <T extends { Lista69B?: Lista69b | null | undefined }>(): DataTableColumn<T> => ({
  id: "Lista69B",
  header: "69-B",
  value: (row) => (row.Lista69B ? etiqueta69b(row.Lista69B) : ""),
  cell: (row) => <Semaforo69b lista={row.Lista69B} />,
});
