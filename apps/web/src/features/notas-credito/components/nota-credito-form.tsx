import { Paper, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { base64FromBytes, checkPdf, checkXmlFile, creditedUuids, readCreditNote } from "@portal/cfdi";
import { NOTA_CREDITO_MSG, type PostNotaCreditoRequest } from "@portal/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { type FileRow, FileRows } from "../../../components/file-rows";
import { FormActions } from "../../../components/form-actions";
import { notifyError } from "../../../lib/notify";
import { notifyErrorList } from "../../../lib/notify-list";
import { checkSizes, type Revision, readFiles, readXml } from "../../../lib/read-file";
import type { Session } from "../../../lib/session";
import { useUploadSubmit } from "../../../lib/use-upload-submit";
import { CfdiPruebaNota, pickInto } from "../../cfdi-prueba/cfdi-prueba-button";
import { useSociedadesFactura } from "../../facturas/api";
import { usePostNotaCredito } from "../api";

type Clave = "pdf" | "xml";
const FILAS: readonly FileRow<Clave>[] = [
  { clave: "pdf", nombre: "PDF", accept: "application/pdf,.pdf", canPick: true },
  { clave: "xml", nombre: "XML", accept: "text/xml,application/xml,.xml", canPick: true },
];
const SIN_ARCHIVOS: Record<Clave, File | null> = { pdf: null, xml: null };

/**
 * The supplier's credit note form (issue 27): the sociedad, the PDF and the XML (a CFDI de Egreso relating its
 * accepted invoices). The browser reads the XML for a quick message; the server decides everything again.
 */
export function NotaCreditoForm({ session, onDone }: { session: Session; onDone: () => void }) {
  const sociedades = useSociedadesFactura(session);
  const [bd, setBd] = useState<string | null>(null);
  const [archivos, setArchivos] = useState(SIN_ARCHIVOS);
  const post = usePostNotaCredito();

  async function review(): Promise<Revision<PostNotaCreditoRequest>> {
    const { pdf, xml } = await readFiles(archivos);
    const errors: string[] = [...checkSizes([pdf, xml])];
    if (!bd) errors.push("Seleccione la razón social.");
    if (!pdf) errors.push("Debe cargar el pdf");
    else errors.push(...checkPdf(pdf.name, pdf.bytes));
    if (!xml) errors.push("Debe cargar el XML");
    else errors.push(...checkXmlFile(xml.name, xml.bytes));
    const { datos, errores } = readXml(xml, (bytes) => readCreditNote(bytes));
    errors.push(...errores);
    if (datos && creditedUuids(datos).length === 0) errors.push(NOTA_CREDITO_MSG.sinRelacion);
    if (errors.length > 0 || !pdf || !xml || !bd) return { ok: false, errors };
    return {
      ok: true,
      request: {
        usuario: session.id,
        id: session.id,
        operador: session.operador,
        RazonSocial: bd,
        PDF: pdf.name,
        PDF64: base64FromBytes(pdf.bytes),
        XML: xml.name,
        XML64: base64FromBytes(xml.bytes),
      },
    };
  }

  const { isSubmitting, isSaved, onSubmit } = useUploadSubmit({
    review,
    send: post.mutateAsync,
    notifyErrors: notifyErrorList,
    onCallFailed: () => notifyError("Error al consumir el servicio postNotaCredito"),
    onDone,
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Registro de la nota de crédito">
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
          <Text size="sm" c="dimmed" mb="md">
            Cargue el CFDI de Egreso (XML) y su PDF. El XML debe relacionar sus facturas aceptadas con TipoRelacion 01
            (nota de crédito), 03 (devolución de mercancía) o 07 (aplicación de anticipo).
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label="Razón social"
              placeholder="Seleccione"
              data={(sociedades.data ?? []).map((s) => ({ value: s.BDSAP, label: s.NomSociedad }))}
              value={bd}
              onChange={setBd}
              allowDeselect={false}
              disabled={isSubmitting || isSaved}
            />
          </SimpleGrid>
          <FileRows
            rows={FILAS}
            files={archivos}
            onPick={(clave, file) => setArchivos((actual) => ({ ...actual, [clave]: file }))}
            isDisabled={isSubmitting || isSaved}
            labelWidth={90}
          />
          <CfdiPruebaNota
            session={session}
            bd={bd}
            onFiles={pickInto((clave, file) => setArchivos((actual) => ({ ...actual, [clave]: file })))}
            isDisabled={isSubmitting || isSaved}
          />
        </Paper>
        <FormActions
          submitLabel="Agregar"
          icon={<IconPlus size={18} aria-hidden />}
          onBack={onDone}
          isPending={isSubmitting}
          isSubmitDisabled={isSubmitting || isSaved}
        />
      </Stack>
    </form>
  );
}
