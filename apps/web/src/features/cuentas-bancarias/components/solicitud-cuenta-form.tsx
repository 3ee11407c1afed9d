import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from "@mantine/core";
import { SOLICITUD_CUENTA_MSG } from "@portal/contracts";
import { useState } from "react";
import { FilePicker } from "../../../components/file-picker";
import { notifySuccess } from "../../../lib/notify";
import { readPdfUpload } from "../../../lib/pdf-upload";
import { notifySaveError } from "../../../lib/save-feedback";
import { useCreateSolicitudCuenta } from "../api";
import { clabeHint, MONEDAS_CUENTA } from "../cuenta-logic";

type Tipo = "clabe" | "extranjera";

/**
 * 'Solicitud de cambio de cuenta bancaria' (issue 41, decision 069): a CLABE (the bank shown as it is typed) or a
 * foreign account (IBAN or account number, SWIFT/BIC, ABA for the United States), the currency, the holder and the
 * bank's letter or statement in PDF. The server checks everything again; its refusal shows as sent.
 */
export function SolicitudCuentaForm({ cardCode }: { cardCode?: string }) {
  const create = useCreateSolicitudCuenta();
  const [tipo, setTipo] = useState<Tipo>("clabe");
  const [campos, setCampos] = useState({ clabe: "", iban: "", cuenta: "", swift: "", aba: "", titular: "" });
  const [moneda, setMoneda] = useState<string>("MXN");
  const [archivo, setArchivo] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hint = clabeHint(campos.clabe);
  const set = (campo: keyof typeof campos) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setCampos({ ...campos, [campo]: event.currentTarget.value });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!archivo) return setError(SOLICITUD_CUENTA_MSG.archivoObligatorio);
    const pdf = await readPdfUpload(archivo);
    if (!pdf.ok) return setError(pdf.error);
    const datos =
      tipo === "clabe"
        ? { CLABE: campos.clabe }
        : {
            ...(campos.iban ? { IBAN: campos.iban } : {}),
            ...(campos.cuenta ? { NumeroCuenta: campos.cuenta } : {}),
            SWIFT: campos.swift,
            ...(campos.aba ? { ABA: campos.aba } : {}),
          };
    create.mutate(
      {
        ...(cardCode ? { CardCode: cardCode } : {}),
        Tipo: tipo,
        ...datos,
        ...(campos.titular ? { Titular: campos.titular } : {}),
        Moneda: moneda,
        PDF: pdf.upload.nombre,
        PDF64: pdf.upload.base64,
      },
      {
        onSuccess: (message) => {
          notifySuccess(message);
          setCampos({ clabe: "", iban: "", cuenta: "", swift: "", aba: "", titular: "" });
          setArchivo(null);
        },
        onError: (e) => notifySaveError(e, "No se pudo enviar la solicitud"),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} component="section" aria-labelledby="solicitud-cuenta">
      <form onSubmit={(event) => void submit(event)} aria-labelledby="solicitud-cuenta">
        <Stack gap="md">
          <Title order={2} fz="md" id="solicitud-cuenta">
            Solicitud de cambio de cuenta bancaria
          </Title>
          <SegmentedControl
            aria-label="Tipo de cuenta"
            value={tipo}
            onChange={(value) => setTipo(value as Tipo)}
            data={[
              { value: "clabe", label: "CLABE (México)" },
              { value: "extranjera", label: "Cuenta en el extranjero" },
            ]}
          />
          {tipo === "clabe" ? (
            <TextInput
              label="CLABE"
              value={campos.clabe}
              onChange={set("clabe")}
              inputMode="numeric"
              maxLength={30}
              description={hint.banco ?? SOLICITUD_CUENTA_MSG.pantalla.clabeDescripcion}
              error={hint.error}
              required
            />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="IBAN" value={campos.iban} onChange={set("iban")} maxLength={50} />
              <TextInput label="Número de cuenta" value={campos.cuenta} onChange={set("cuenta")} maxLength={34} />
              <TextInput label="SWIFT (BIC)" value={campos.swift} onChange={set("swift")} maxLength={11} required />
              <TextInput label="ABA (Estados Unidos)" value={campos.aba} onChange={set("aba")} maxLength={9} />
            </SimpleGrid>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Titular" value={campos.titular} onChange={set("titular")} maxLength={100} />
            <Select
              label="Moneda"
              data={[...MONEDAS_CUENTA]}
              value={moneda}
              onChange={(value) => setMoneda(value ?? "MXN")}
              allowDeselect={false}
            />
          </SimpleGrid>
          <FilePicker
            nombre="comprobante de la cuenta"
            accept="application/pdf,.pdf"
            file={archivo}
            onChange={setArchivo}
            clave="comprobante-cuenta"
          />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Enviar solicitud
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
