import { Badge, Button, Group, Paper, Table, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { type Campo, Campos } from "../../../components/campos";
import { FormaPago, formatImporte } from "../../../components/documento-compra";
import { hoyIso } from "../../../lib/clock";
import type { Operator } from "../../../lib/list-query";
import { useComplementoEsperado } from "../api";
import { fechaLimiteVencida, jsonComplemento, nombreJsonComplemento } from "../pago-logic";
import classes from "./pagos.module.css";

/** Hands the browser a JSON file to save (an object URL and a temporary link with `download`). */
export function descargarJson(nombre: string, contenido: string): void {
  const url = URL.createObjectURL(new Blob([contenido], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = nombre;
  link.rel = "noopener";
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function FechaLimite({ fecha }: { fecha: string }) {
  if (!fechaLimiteVencida(fecha, hoyIso())) return fecha;
  return (
    <Group gap={6} component="span" wrap="nowrap">
      <span className={classes.vencida}>{fecha}</span>
      <Badge color="red" variant="light" radius="sm" tt="none">
        Plazo vencido
      </Badge>
    </Group>
  );
}

const COLUMNAS_DOCUMENTOS = [
  "IdDocumento",
  "Serie",
  "Folio",
  "MonedaDR",
  "EquivalenciaDR",
  "NumParcialidad",
  "ImpSaldoAnt",
  "ImpPagado",
  "ImpSaldoInsoluto",
] as const;
const IMPORTES = new Set<string>(["ImpSaldoAnt", "ImpPagado", "ImpSaldoInsoluto"]);

/**
 * 'Complemento esperado' (issue 14, not in the spec): the pago20:Pago node the supplier's complement must carry
 * for this payment, computed by the server from the ERP — the Pago fields, the legal deadline (highlighted once
 * past), its related documents — and 'Descargar JSON' to hand it to whoever issues the CFDI. Nothing is shown
 * when no complement is owed (the call answers null) or the call fails.
 */
export function ComplementoEsperadoPanel({
  operator,
  bd,
  pagoSap,
}: {
  operator: Operator;
  bd: string;
  pagoSap: number;
}) {
  const esperado = useComplementoEsperado(operator, bd, pagoSap);
  const complemento = esperado.data;
  if (!complemento) return null;
  const campos: Campo[] = [
    { label: "Fecha de pago", value: complemento.FechaPago },
    { label: "Forma de pago", value: <FormaPago code={complemento.FormaDePagoP} /> },
    { label: "Moneda", value: complemento.MonedaP },
    { label: "Tipo de cambio", value: complemento.TipoCambioP },
    { label: "Monto", value: formatImporte(complemento.Monto, complemento.MonedaP) },
    { label: "Fecha límite", value: <FechaLimite fecha={complemento.FechaLimite} /> },
  ];
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} component="section" aria-labelledby="esperado-titulo">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} fz="md" c="gray.8" id="esperado-titulo">
          Complemento esperado
        </Title>
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => descargarJson(nombreJsonComplemento(pagoSap), jsonComplemento(complemento))}
        >
          Descargar JSON
        </Button>
      </Group>
      <Campos campos={campos} />
      <Title order={3} fz="sm" c="gray.8" mt="lg" mb="xs" id="esperado-documentos">
        Documentos
      </Title>
      <Table.ScrollContainer minWidth={760} tabIndex={0} role="region" aria-label="Documentos (desplazable)">
        <Table striped verticalSpacing={6} fz="sm" aria-labelledby="esperado-documentos">
          <Table.Thead>
            <Table.Tr>
              {COLUMNAS_DOCUMENTOS.map((columna) => (
                <Table.Th key={columna} ta={IMPORTES.has(columna) ? "right" : undefined}>
                  {columna}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {complemento.Documentos.map((documento) => (
              <Table.Tr key={`${documento.IdDocumento}-${documento.NumParcialidad}`}>
                {COLUMNAS_DOCUMENTOS.map((columna) => (
                  <Table.Td
                    key={columna}
                    ta={IMPORTES.has(columna) ? "right" : undefined}
                    className={
                      columna === "IdDocumento" ? classes.uuid : IMPORTES.has(columna) ? classes.amount : undefined
                    }
                  >
                    {IMPORTES.has(columna) ? formatImporte(String(documento[columna]), "") : String(documento[columna])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
