import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { describeFormaPago } from "@portal/cfdi";
import type { ComplementoEsperado, DocumentoEsperado } from "@portal/contracts";
import { IconDownload, IconPrinter } from "@tabler/icons-react";
import { type Campo, Campos } from "../../../components/campos";
import documentText from "../../../components/document-text.module.css";
import { formatImporte, formatImporteExacto } from "../../../components/documento-compra";
import { hoyIso } from "../../../lib/clock";
import type { Operator } from "../../../lib/list-query";
import { useComplementoEsperado } from "../api";
import {
  fechaLarga,
  fechaLimiteVencida,
  instruccionComplemento,
  jsonComplemento,
  nombreJsonComplemento,
  objetoImpuestoTexto,
  trasladoTexto,
} from "../pago-logic";
import classes from "./pagos.module.css";

/** Hands the browser a JSON file to save (an object URL and a temporary link with `download`). */
export function downloadJson(nombre: string, contenido: string): void {
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

/** A field under its SAT attribute name, so the clerk finds it in the billing software: "Fecha de pago (FechaPago)". */
const campo = (nombre: string, atributo: string, value: Campo["value"], isWide?: boolean): Campo => ({
  label: nombre,
  code: atributo,
  value,
  ...(isWide ? { isWide } : {}),
});

const importe = (amount: string, currency: string) => (
  <span className={documentText.amount}>{formatImporte(amount, currency)}</span>
);

/** BaseP and ImporteP: up to 6 decimals, each one the issuer must copy (formatImporteExacto). */
const importeExacto = (amount: string, currency: string) => (
  <span className={documentText.amount}>{formatImporteExacto(amount, currency)}</span>
);

function camposPago(complemento: ComplementoEsperado): Campo[] {
  const forma = describeFormaPago(complemento.FormaDePagoP);
  return [
    campo("Fecha de pago", "FechaPago", `${fechaLarga(complemento.FechaPago)} (${complemento.FechaPago})`),
    campo("Forma de pago", "FormaDePagoP", forma ? `${complemento.FormaDePagoP} · ${forma}` : complemento.FormaDePagoP),
    campo("Moneda", "MonedaP", complemento.MonedaP),
    campo("Tipo de cambio", "TipoCambioP", complemento.TipoCambioP),
    campo("Monto", "Monto", importe(complemento.Monto, complemento.MonedaP)),
  ];
}

function camposDocumento(documento: DocumentoEsperado): Campo[] {
  const campos: Campo[] = [
    campo(
      "UUID de la factura",
      "IdDocumento",
      <span className={documentText.uuid}>{documento.IdDocumento}</span>,
      true,
    ),
    campo("Serie", "Serie", documento.Serie || "Sin serie"),
    campo("Folio", "Folio", documento.Folio),
    campo("Moneda de la factura", "MonedaDR", documento.MonedaDR),
    campo("Equivalencia", "EquivalenciaDR", documento.EquivalenciaDR),
    campo("Número de parcialidad", "NumParcialidad", String(documento.NumParcialidad)),
    campo("Saldo anterior", "ImpSaldoAnt", importe(documento.ImpSaldoAnt, documento.MonedaDR)),
    campo("Importe pagado", "ImpPagado", importe(documento.ImpPagado, documento.MonedaDR)),
    campo("Saldo insoluto", "ImpSaldoInsoluto", importe(documento.ImpSaldoInsoluto, documento.MonedaDR)),
    campo("Objeto de impuesto", "ObjetoImpDR", objetoImpuestoTexto(documento.ObjetoImpDR)),
  ];
  for (const traslado of documento.TrasladosDR) {
    const nombre = trasladoTexto(traslado.ImpuestoDR, traslado.TasaOCuotaDR);
    campos.push(
      campo(
        `Traslado ${nombre}`,
        "TrasladoDR",
        `ImpuestoDR ${traslado.ImpuestoDR} · TipoFactorDR ${traslado.TipoFactorDR} · TasaOCuotaDR ${traslado.TasaOCuotaDR}`,
        true,
      ),
      campo(`Base del ${nombre}`, "BaseDR", importe(traslado.BaseDR, documento.MonedaDR)),
      campo(`Importe del ${nombre}`, "ImporteDR", importe(traslado.ImporteDR, documento.MonedaDR)),
    );
  }
  return campos;
}

function camposImpuestosPago(complemento: ComplementoEsperado): Campo[] {
  return complemento.TrasladosP.flatMap((traslado) => {
    const nombre = trasladoTexto(traslado.ImpuestoP, traslado.TasaOCuotaP);
    return [
      campo(
        `Traslado ${nombre}`,
        "TrasladoP",
        `ImpuestoP ${traslado.ImpuestoP} · TipoFactorP ${traslado.TipoFactorP} · TasaOCuotaP ${traslado.TasaOCuotaP}`,
        true,
      ),
      campo(`Base del ${nombre}`, "BaseP", importeExacto(traslado.BaseP, complemento.MonedaP)),
      campo(`Importe del ${nombre}`, "ImporteP", importeExacto(traslado.ImporteP, complemento.MonedaP)),
    ];
  });
}

const TOTALES: readonly [keyof ComplementoEsperado["Totales"], string][] = [
  ["TotalTrasladosBaseIVA16", "Base del IVA 16 %"],
  ["TotalTrasladosImpuestoIVA16", "IVA 16 %"],
  ["TotalTrasladosBaseIVA8", "Base del IVA 8 %"],
  ["TotalTrasladosImpuestoIVA8", "IVA 8 %"],
  ["TotalTrasladosBaseIVA0", "Base del IVA 0 %"],
  ["TotalTrasladosImpuestoIVA0", "IVA 0 %"],
  ["MontoTotalPagos", "Monto total de los pagos"],
];

function camposTotales(complemento: ComplementoEsperado): Campo[] {
  return TOTALES.flatMap(([atributo, nombre]) => {
    const valor = complemento.Totales[atributo];
    return valor === undefined ? [] : [campo(nombre, atributo, importe(valor, "MXN"))];
  });
}

const Seccion = ({ id, title, children }: { id: string; title: string; children: React.ReactNode }) => (
  <section aria-labelledby={id} className={classes.seccionEsperado}>
    <Title order={3} fz="sm" c="gray.8" mt="lg" mb="xs" id={id}>
      {title}
    </Title>
    {children}
  </section>
);

/**
 * 'Complemento esperado' (issue 14, rewritten for an accounts clerk in issue 23): one sentence of what to do and
 * by when, then every field the Pagos 2.0 complement of this payment must carry, under its SAT name, with its
 * value: the Pago node, each DoctoRelacionado with ObjetoImpDR and its TrasladosDR, the payment's TrasladosP and
 * the Totales node (computed by the server from the ERP and the invoices' own amounts). Printable ('Imprimir'
 * prints the panel alone) and 'Descargar JSON' for billing software. Nothing is shown when no complement is owed
 * (the call answers null) or the call fails.
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
  const hoy = hoyIso();
  const vencido = fechaLimiteVencida(complemento.FechaLimite, hoy);
  const impuestosPago = camposImpuestosPago(complemento);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: "md", sm: "xl" }}
      component="section"
      aria-labelledby="esperado-titulo"
      className={classes.imprimible}
    >
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} fz="md" c="gray.8" id="esperado-titulo">
          Complemento esperado
        </Title>
        <Group gap="xs" className={classes.noImprimir}>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => window.print()}
          >
            Imprimir
          </Button>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => downloadJson(nombreJsonComplemento(pagoSap), jsonComplemento(complemento))}
          >
            Descargar JSON
          </Button>
        </Group>
      </Group>
      <Alert color={vencido ? "red" : "blue"} variant="light" radius="md" role="note" aria-label="Qué hacer">
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{instruccionComplemento(complemento.FechaLimite, hoy)}</Text>
          {vencido ? (
            <Badge color="red" variant="light" radius="sm" tt="none">
              Plazo vencido
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" mt={4}>
          Pago {pagoSap} del {fechaLarga(complemento.FechaPago)}; fecha límite: {fechaLarga(complemento.FechaLimite)}{" "}
          (día 5 del mes siguiente al pago).
        </Text>
      </Alert>
      <Stack gap={0}>
        <Seccion id="esperado-pago" title="Pago">
          <Campos campos={camposPago(complemento)} />
        </Seccion>
        {complemento.Documentos.map((documento, i) => (
          <Seccion
            key={`${documento.IdDocumento}-${documento.NumParcialidad}`}
            id={`esperado-documento-${i + 1}`}
            title={`Documento relacionado ${i + 1}: factura ${documento.Serie}${documento.Folio || documento.IdDocumento.slice(-8)}`}
          >
            <Campos campos={camposDocumento(documento)} />
          </Seccion>
        ))}
        {impuestosPago.length > 0 ? (
          <Seccion id="esperado-impuestos" title="Impuestos del pago (TrasladosP)">
            <Campos campos={impuestosPago} />
          </Seccion>
        ) : null}
        <Seccion id="esperado-totales" title="Totales (en MXN)">
          <Campos campos={camposTotales(complemento)} />
        </Seccion>
      </Stack>
    </Paper>
  );
}
