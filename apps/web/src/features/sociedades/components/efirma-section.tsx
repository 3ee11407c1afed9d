import { Badge, Button, FileInput, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { base64FromBytes } from "@portal/cfdi";
import { CALLS, EFIRMA_TEXTOS, type SociedadRow, uploadEfirmaRequestSchema } from "@portal/contracts";
import { IconCertificate, IconKey } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { PasswordField } from "../../../components/password-field";
import { sendCall } from "../../../lib/api-client";
import { notifySuccess } from "../../../lib/notify";
import { readBytes } from "../../../lib/pdf-upload";
import { notifySaveError } from "../../../lib/save-feedback";
import { sociedadesKeys } from "../api";

type Campo = "Certificado" | "Llave" | "Contraseña";
type Vigencia = { vence: string; certificado: string };

const vigenciaDe = (row: SociedadRow): Vigencia | null =>
  row.EfirmaVence && row.EfirmaCertificado ? { vence: row.EfirmaVence, certificado: row.EfirmaCertificado } : null;

const base64De = async (file: File | null) => (file ? base64FromBytes(await readBytes(file)) : "");

/** uploadEfirma: the server checks the e.firma and answers only its expiry and certificate number. */
function useUploadEfirma() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...sociedadesKeys.all, "uploadEfirma"],
    mutationFn: (request: unknown) => sendCall(CALLS.uploadEfirmaSociedad, request),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...sociedadesKeys.all] }),
  });
}

/**
 * The sociedad's e.firma (issue 43 §1, decision 075): its expiry and certificate number for everyone who sees the
 * sociedad; for administrators, the upload of its certificate, key and password. What is picked is sent once and
 * forgotten: the form clears after the server answers.
 */
export function EfirmaSection({ row, isAdmin }: { row: SociedadRow; isAdmin: boolean }) {
  const upload = useUploadEfirma();
  const passwordId = useId();
  const [cer, setCer] = useState<File | null>(null);
  const [key, setKey] = useState<File | null>(null);
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Campo, string>>>({});
  const [guardada, setGuardada] = useState<Vigencia | null>(null);
  const vigencia = guardada ?? vigenciaDe(row);

  const submit = async () => {
    const request = {
      Numero: row.IdSociedad,
      Certificado: await base64De(cer),
      Llave: await base64De(key),
      Contraseña: password,
    };
    const checked = uploadEfirmaRequestSchema.safeParse(request);
    if (!checked.success) {
      const found: Partial<Record<Campo, string>> = {};
      for (const issue of checked.error.issues) found[issue.path[0] as Campo] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    upload.mutate(checked.data, {
      onSuccess: (answer) => {
        setGuardada({ vence: answer.data.Vence.slice(0, 10), certificado: answer.data.NumeroCertificado });
        notifySuccess(answer.message);
      },
      onError: (error) => notifySaveError(error, "No se pudo guardar la e.firma"),
      onSettled: () => {
        setCer(null);
        setKey(null);
        setPassword("");
      },
    });
  };

  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={960}>
      <Stack gap="md" component="section" aria-label="e.firma">
        <Title order={2} fz="md" c="gray.8">
          e.firma (FIEL) para la descarga masiva del SAT
        </Title>
        <Text size="sm">{EFIRMA_TEXTOS.ayuda}</Text>
        <Group gap="sm">
          <Badge variant="light" color={vigencia ? "teal" : "gray"} radius="sm" tt="none">
            {vigencia ? "Cargada" : "No cargada"}
          </Badge>
          <Text size="sm">
            {vigencia ? EFIRMA_TEXTOS.vigencia(vigencia.vence, vigencia.certificado) : EFIRMA_TEXTOS.sinEfirma}
          </Text>
        </Group>
        {isAdmin ? (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
              <FileInput
                label="Certificado (.cer)"
                accept=".cer"
                clearable
                leftSection={<IconCertificate size={18} aria-hidden />}
                placeholder="Seleccione el archivo .cer"
                value={cer}
                onChange={setCer}
                error={errors.Certificado}
              />
              <FileInput
                label="Llave privada (.key)"
                accept=".key"
                clearable
                leftSection={<IconKey size={18} aria-hidden />}
                placeholder="Seleccione el archivo .key"
                value={key}
                onChange={setKey}
                error={errors.Llave}
              />
              <PasswordField
                id={passwordId}
                hasError={Boolean(errors.Contraseña)}
                label="Contraseña de la llave privada"
                autoComplete="off"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={errors.Contraseña}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button onClick={() => void submit()} loading={upload.isPending}>
                Cargar e.firma
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
