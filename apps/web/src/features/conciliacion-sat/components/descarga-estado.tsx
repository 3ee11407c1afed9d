import { Alert, Text } from "@mantine/core";
import { CONCILIACION_SAT_TEXTOS, type ConciliacionSatDescarga } from "@portal/contracts";
import { fechaHoraCdmx, HORA_CDMX } from "../../../lib/fecha-hora";

const colorOf = (estado: ConciliacionSatDescarga["Estado"]) => {
  switch (estado) {
    case "solicitada":
      return "blue";
    case "terminada":
      return "teal";
    default:
      return "orange";
  }
};

/**
 * The sociedad's last request to the SAT's Descarga Masiva (issue 43 §2): its state, the window asked and, when the
 * SAT refused or failed, its Spanish reason and when it is asked again.
 */
export function DescargaEstado({ descarga }: { descarga: ConciliacionSatDescarga | null }) {
  const T = CONCILIACION_SAT_TEXTOS;
  if (descarga === null) {
    return (
      <section aria-label="Estado de la descarga del SAT">
        <Alert color="gray" title="Descarga del SAT" role="note">
          {T.sinDescarga}
        </Alert>
      </section>
    );
  }
  return (
    <section aria-label="Estado de la descarga del SAT">
      <Alert
        color={colorOf(descarga.Estado)}
        title={`Descarga del SAT: ${T.estadoDescarga(descarga.Estado)}`}
        role="note"
      >
        <Text size="sm">
          {T.descargaResumen(
            descarga.Desde.slice(0, 10),
            descarga.Hasta.slice(0, 10),
            descarga.Cfdi,
            `${fechaHoraCdmx(descarga.Actualizada)} ${HORA_CDMX}`,
          )}
        </Text>
        {descarga.Motivo ? <Text size="sm">{descarga.Motivo}</Text> : null}
        {descarga.Estado === "reintentar" ? (
          <Text size="sm">{T.proximoIntento(`${fechaHoraCdmx(descarga.Siguiente)} ${HORA_CDMX}`)}</Text>
        ) : null}
      </Alert>
    </section>
  );
}
