import { Button, Group, Select, Text } from "@mantine/core";
import {
  CALLS,
  CFDI_PRUEBA_MSG,
  type CfdiPrueba,
  type LineaFactura,
  type LineaPedidoFactura,
  type PostCfdiPruebaRequest,
} from "@portal/contracts";
import { IconFlask } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { callApi, isApiError } from "../../lib/api-client";
import { operatorBody } from "../../lib/list-query";
import { notifyError, notifySuccess } from "../../lib/notify";
import type { Session } from "../../lib/session";

/** What the forms send for each kind, without who asks (the component adds it). */
export type CfdiPruebaSolicitud =
  | {
      Tipo: "factura";
      RazonSocial: string;
      EntradaMercancia: number[];
      EntradaDocEntry?: number[];
      /** Issue 42 (decision 074): part of the receipts, the lines and quantities chosen. */
      Lineas?: LineaFactura[];
    }
  /** Issue 42 part 2 (decision 076): service lines of the supplier's open purchase orders. */
  | { Tipo: "servicios"; RazonSocial: string; LineasPedido: LineaPedidoFactura[] }
  | { Tipo: "nota"; IdFactura: number }
  | { Tipo: "complemento"; BD: string; PagoSAP: number };

/** The generated XML and PDF as files, as if the supplier had picked them. */
export function archivosDe(cfdi: CfdiPrueba): { xml: File; pdf: File } {
  const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return {
    xml: new File([bytes(cfdi.XML.base64)], cfdi.XML.nombre, { type: "text/xml" }),
    pdf: new File([bytes(cfdi.PDF.base64)], cfdi.PDF.nombre, { type: "application/pdf" }),
  };
}

/** Whether this portal issues test CFDIs (SAT_TEST_CERTS, the demo): asked once per session. */
function useIsAvailable(session: Session): boolean {
  const isProveedor = session.operador === "Proveedor";
  const query = useQuery({
    queryKey: ["cfdiPrueba", "disponible", session.id],
    // No answer (an older server, the network) shows no button: the demo's aid is never worth an error toast.
    queryFn: async ({ signal }) =>
      (await callApi(CALLS.getCfdiPruebaDisponible, operatorBody(session), { signal }).catch(() => null))?.data
        .Disponible ?? false,
    enabled: isProveedor,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return isProveedor && query.data === true;
}

interface ButtonProps {
  session: Session;
  /** What to issue; null while the form lacks it (no receipt chosen yet): the button is disabled and says why. */
  solicitud: CfdiPruebaSolicitud | null;
  /** Puts the generated XML and PDF in the form's file fields. */
  onFiles: (files: { xml: File; pdf: File }) => void;
  isDisabled?: boolean;
  /** Shown while `solicitud` is null. */
  hint?: string;
}

/**
 * 'Generar CFDI de prueba' (issue 40, decision 062): only where the portal trusts the SAT's test certificates (the
 * demo; a production portal answers 'no' and nothing is shown). It asks the server for a CFDI sealed with the SAT's
 * public test CSD of the supplier's RFC matching what the form chose, and puts its XML and PDF in the form.
 */
export function CfdiPruebaButton(props: ButtonProps) {
  if (!useIsAvailable(props.session)) return null;
  return <GenerateButton {...props} />;
}

function GenerateButton({ session, solicitud, onFiles, isDisabled, hint }: ButtonProps) {
  const generate = useMutation({
    mutationFn: (body: PostCfdiPruebaRequest) => callApi(CALLS.postCfdiPrueba, body),
    onSuccess: (answer) => {
      onFiles(archivosDe(answer.data));
      notifySuccess(answer.message);
    },
    onError: (error) =>
      notifyError(isApiError(error) && error.kind === "http" ? error.message : CFDI_PRUEBA_MSG.errorServicio),
  });
  return (
    <Group gap="sm" mt="sm" wrap="wrap">
      <Button
        variant="light"
        color="grape"
        leftSection={<IconFlask size={16} aria-hidden />}
        loading={generate.isPending}
        disabled={isDisabled || solicitud === null}
        onClick={() => {
          if (solicitud) generate.mutate({ ...operatorBody(session), ...solicitud });
        }}
      >
        Generar CFDI de prueba
      </Button>
      <Text size="xs" c="dimmed">
        {solicitud === null && hint
          ? hint
          : "Demostración: sella un CFDI con el CSD de prueba del SAT de su RFC (sin validez fiscal)."}
      </Text>
    </Group>
  );
}

/** The credit-note form's variant: first the accepted invoice to credit (of the sociedad chosen), then the button. */
export function CfdiPruebaNota({
  session,
  bd,
  onFiles,
  isDisabled,
}: { session: Session; bd: string | null } & Pick<ButtonProps, "onFiles" | "isDisabled">) {
  if (!useIsAvailable(session)) return null;
  return <NotaPicker session={session} bd={bd} onFiles={onFiles} isDisabled={isDisabled ?? false} />;
}

function NotaPicker({
  session,
  bd,
  onFiles,
  isDisabled,
}: { session: Session; bd: string | null } & Pick<ButtonProps, "onFiles" | "isDisabled">) {
  // The supplier's invoices (getFacturas), under the invoices' key so a new decision refreshes them; read here rather
  // than through features/facturas, which imports this file (no import circles, decision 054).
  const facturas = useQuery({
    queryKey: ["facturas", "cfdiPrueba", session.id],
    queryFn: async ({ signal }) => (await callApi(CALLS.getFacturas, operatorBody(session), { signal })).data,
  });
  const [idFactura, setIdFactura] = useState<string | null>(null);
  const aceptadas = (facturas.data ?? []).filter((f) => f.EstatusFactura === "A" && (bd === null || f.BD === bd));
  const elegida = aceptadas.find((f) => String(f.IdFactura) === idFactura);
  return (
    <>
      <Select
        mt="md"
        label="Factura a acreditar (CFDI de prueba)"
        placeholder="Seleccione una factura aceptada"
        data={aceptadas.map((f) => ({
          value: String(f.IdFactura),
          label: `${f.FolioFactura} · ${f.Total}`,
        }))}
        value={elegida ? idFactura : null}
        onChange={setIdFactura}
        searchable
        disabled={isDisabled}
        maw={420}
      />
      <GenerateButton
        session={session}
        solicitud={elegida ? { Tipo: "nota", IdFactura: elegida.IdFactura } : null}
        onFiles={onFiles}
        isDisabled={isDisabled}
        hint="Elija la factura aceptada que la nota de crédito acredita."
      />
    </>
  );
}

/**
 * The invoice form's request: the sociedad and the receipts chosen (by number and DocEntry), or null without them;
 * with `lineas` (issue 42), the part chosen — null when no line has a quantity.
 */
export const solicitudFactura = (
  bd: string | null,
  entradas: readonly { DocNum: number; DocEntry: number }[],
  lineas?: LineaFactura[],
): CfdiPruebaSolicitud | null =>
  bd && entradas.length > 0 && (lineas === undefined || lineas.length > 0)
    ? {
        Tipo: "factura",
        RazonSocial: bd,
        EntradaMercancia: entradas.map((e) => e.DocNum),
        EntradaDocEntry: entradas.map((e) => e.DocEntry),
        ...(lineas ? { Lineas: lineas } : {}),
      }
    : null;

/** The services form's request (issue 42 part 2): the sociedad and the order lines chosen, or null without them. */
export const solicitudServicios = (bd: string | null, lineas: LineaPedidoFactura[]): CfdiPruebaSolicitud | null =>
  bd && lineas.length > 0 ? { Tipo: "servicios", RazonSocial: bd, LineasPedido: lineas } : null;

/** A form's file picker fed with the generated XML and PDF. */
export const pickInto =
  (pick: (clave: "xml" | "pdf", file: File | null) => void) =>
  ({ xml, pdf }: { xml: File; pdf: File }) => {
    pick("xml", xml);
    pick("pdf", pdf);
  };

/** The payment complement form's button: the complement the portal expects for this payment. */
export function CfdiPruebaComplemento({
  session,
  row,
  onPick,
}: {
  session: Session;
  row: { U_SYS_PMSNBD: string; DocNum: number };
  onPick: (clave: "xml" | "pdf", file: File | null) => void;
}) {
  return (
    <CfdiPruebaButton
      session={session}
      solicitud={{ Tipo: "complemento", BD: row.U_SYS_PMSNBD, PagoSAP: row.DocNum }}
      onFiles={pickInto(onPick)}
    />
  );
}
