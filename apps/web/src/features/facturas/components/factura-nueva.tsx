import { Alert, Button, Center, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { base64FromBytes } from "@portal/cfdi";
import { type EntradaFactura, MSG, type ProveedorResumen } from "@portal/contracts";
import { IconAlertTriangle, IconPlus } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { type Campo, Campos } from "../../../components/campos";
import {
  estatusDocumentoLabel,
  formatImporte,
  MetodoPago,
  metodoPagoDe,
  UsoPrincipal,
} from "../../../components/documento-compra";
import { isApiError } from "../../../lib/api-client";
import { TOAST_SUCCESS_MS } from "../../../lib/constants";
import { notifyError, notifyErrorLines, notifySuccess } from "../../../lib/notify";
import { readBytes } from "../../../lib/pdf-upload";
import { useSaveCompletion } from "../../../lib/save-feedback";
import type { Session } from "../../../lib/session";
import { useEntradasFactura, usePostFactura, useProveedorFactura, useSociedadesFactura } from "../api";
import { type ArchivoLeido, type ArchivosFactura, revisarNuevaFactura } from "../factura-logic";
import { type ArchivoClave, ArchivoPicker, NOMBRE_ARCHIVO } from "./archivo-picker";

export type ArchivosElegidos = Record<ArchivoClave, File | null>;
export const SIN_ARCHIVOS: ArchivosElegidos = { pdf: null, xml: null, recepcion: null };
const CLAVES: readonly ArchivoClave[] = ["pdf", "xml", "recepcion"];

/** Reads the files picked (their bytes) for the checks and the upload. */
export async function leerArchivos(elegidos: ArchivosElegidos): Promise<ArchivosFactura> {
  const leer = async (file: File | null): Promise<ArchivoLeido | null> =>
    file ? { name: file.name, mime: file.type, size: file.size, bytes: await readBytes(file) } : null;
  const [pdf, xml, recepcion] = await Promise.all(CLAVES.map((clave) => leer(elegidos[clave])));
  return { pdf: pdf ?? null, xml: xml ?? null, recepcion: recepcion ?? null };
}

export { type Campo, Campos };

/** Spec §2 'Datos de la entrada': every field of the chosen receipt, read-only. */
export function camposEntrada(entrada: EntradaFactura): Campo[] {
  return [
    { label: "Pedido", value: entrada.Pedido === null ? "—" : entrada.Pedido },
    { label: "Entrada", value: entrada.DocNum },
    { label: "Sociedad", value: entrada.NomSociedad },
    { label: "Proveedor", value: entrada.CardName },
    { label: "Fecha de la entrada", value: entrada.DocDate },
    { label: "Fecha de vencimiento", value: entrada.DocDueDate },
    { label: "Referencia", value: entrada.NumAtCard },
    { label: "Comentarios", value: entrada.Comments },
    { label: "Estatus", value: estatusDocumentoLabel(entrada.DocStatus) },
    { label: "Uso principal", value: <UsoPrincipal code={entrada.U_B1SYS_MainUsage} /> },
    // Spec §9: PPD when the receipt's payment group number is above 0, otherwise PUE.
    { label: "Método de pago", value: <MetodoPago code={metodoPagoDe(entrada)} /> },
    { label: "Total", value: formatImporte(entrada.DocTotal, entrada.DocCur) },
  ];
}

interface FacturaFormProps {
  session: Session;
  proveedor: ProveedorResumen;
  onDone: () => void;
}

/**
 * 'Registro de la facturación' (spec §2, §4, §5): choosing a sociedad clears the receipt and the three files
 * and reloads the receipts; choosing a receipt clears the files. On 'Agregar' the browser runs the §5 checks
 * (one 30 s toast with every message) and sends postFactura built from the XML it read; the server checks
 * everything again. Success: a 3 s toast, then /MisFacturas.
 */
function FacturaForm({ session, proveedor, onDone }: FacturaFormProps) {
  const sociedades = useSociedadesFactura(session);
  const [bd, setBd] = useState<string | null>(null);
  const [docNum, setDocNum] = useState<string | null>(null);
  const [archivos, setArchivos] = useState<ArchivosElegidos>(SIN_ARCHIVOS);
  // Remounts the pickers when the files are cleared, so picking the same file again still counts as a change.
  const [pickerKey, setPickerKey] = useState(0);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const entradas = useEntradasFactura(session, bd);
  const post = usePostFactura();
  const { isSaved, complete } = useSaveCompletion(onDone);

  const sociedad = sociedades.data?.find((s) => s.BDSAP === bd) ?? null;
  const entrada = entradas.data?.find((e) => String(e.DocNum) === docNum) ?? null;

  const clearFiles = () => {
    setArchivos(SIN_ARCHIVOS);
    setPickerKey((key) => key + 1);
  };
  const chooseSociedad = (value: string | null) => {
    if (value === bd) return;
    setBd(value);
    setDocNum(null);
    clearFiles();
  };
  const chooseEntrada = (value: string | null) => {
    if (value === docNum) return;
    setDocNum(value);
    clearFiles();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting || isSaved) return;
    setIsSubmitting(true);
    try {
      const revision = revisarNuevaFactura({
        session,
        proveedor,
        sociedad,
        entrada,
        archivos: await leerArchivos(archivos),
        base64: base64FromBytes,
      });
      if (!revision.ok) {
        notifyErrorLines(revision.errors);
        return;
      }
      const message = await post.mutateAsync(revision.request);
      complete((onClose) => notifySuccess(message, TOAST_SUCCESS_MS, onClose));
    } catch (error) {
      // Spec §8: the server's message(s) when it answers; 'Error al consumir el servicio postFactura' when the
      // call itself fails.
      if (isApiError(error) && error.kind === "http") notifyErrorLines([error.message]);
      else notifyError(MSG.errorPostFactura);
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Registro de la facturación">
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <Select
              label="Razón social"
              placeholder="Seleccione"
              data={(sociedades.data ?? []).map((s) => ({ value: s.BDSAP, label: s.NomSociedad }))}
              value={bd}
              onChange={chooseSociedad}
              allowDeselect={false}
              disabled={isSubmitting || isSaved}
              rightSection={sociedades.isFetching ? <Loader size="xs" /> : undefined}
            />
            <Select
              label="Entrada de mercancia"
              placeholder={bd ? "Seleccione" : "Seleccione primero la razón social"}
              data={(entradas.data ?? []).map((e) => ({ value: String(e.DocNum), label: String(e.DocNum) }))}
              value={docNum}
              onChange={chooseEntrada}
              allowDeselect={false}
              searchable
              nothingFoundMessage="Sin entradas de mercancía por facturar"
              disabled={!bd || isSubmitting || isSaved}
              rightSection={entradas.isFetching ? <Loader size="xs" /> : undefined}
            />
          </SimpleGrid>

          <Title order={2} fz="md" c="gray.8" mt="xl" mb="sm">
            Archivos
          </Title>
          <Stack gap="sm" key={pickerKey}>
            {CLAVES.map((clave) => (
              <Group key={clave} gap="md" wrap="nowrap">
                <Text size="sm" fw={600} w={90}>
                  {NOMBRE_ARCHIVO[clave]}
                </Text>
                <ArchivoPicker
                  clave={clave}
                  file={archivos[clave]}
                  onChange={(file) => setArchivos((current) => ({ ...current, [clave]: file }))}
                  isDisabled={isSubmitting || isSaved}
                />
              </Group>
            ))}
          </Stack>
        </Paper>

        {entrada ? (
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="datos-entrada">
            <Title order={2} fz="md" c="gray.8" mb="md" id="datos-entrada">
              Datos de la entrada
            </Title>
            <Campos campos={camposEntrada(entrada)} />
          </Paper>
        ) : null}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            Regresar
          </Button>
          <Button
            type="submit"
            leftSection={<IconPlus size={18} aria-hidden />}
            loading={isSubmitting}
            disabled={isSubmitting || isSaved}
          >
            Agregar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /MisFacturas/Factura/Nuevo: the form only when the supplier's registration is complete (getProveedor gives
 * its record); otherwise the spec's message (§5).
 */
export function FacturaNueva({ session, onDone }: { session: Session; onDone: () => void }) {
  const proveedor = useProveedorFactura(session);
  if (proveedor.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Cargando" />
      </Center>
    );
  }
  const registro = proveedor.data?.[0];
  if (!registro) {
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
        {proveedor.isError ? MSG.errorInterno : MSG.registroIncompletoFacturas}
      </Alert>
    );
  }
  return <FacturaForm session={session} proveedor={registro} onDone={onDone} />;
}
