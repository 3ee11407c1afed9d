import {
  CfdiPackageReader,
  type CRequest,
  CResponse,
  DateTimePeriod,
  DocumentStatus,
  DownloadType,
  Fiel,
  FielRequestBuilder,
  MetadataPackageReader,
  QueryParameters,
  RequestType,
  Service,
  ServiceEndpoints,
  ServiceType,
  WebClientException,
  type WebClientInterface,
} from "@nodecfdi/sat-ws-descarga-masiva";
import { DESCARGA_MSG } from "@portal/contracts";
import { RUTAS_DESCARGA_MASIVA, SAT_DESCARGA_PAQUETES_URL, SAT_DESCARGA_SOLICITUD_URL } from "./rutas";

/** An e.firma as the job reads it back from the sociedad (certificate and key as the SAT gives them, DER). */
export interface Efirma {
  certificado: Buffer;
  llave: Buffer;
  password: string;
}

/** Where the client sends each service: the SAT's two hosts, or the simulator's prefix for both. */
export interface DescargaEndpoints {
  solicitud: string;
  paquetes: string;
}

export const ENDPOINTS_SAT: DescargaEndpoints = {
  solicitud: SAT_DESCARGA_SOLICITUD_URL,
  paquetes: SAT_DESCARGA_PAQUETES_URL,
};

/** A failure to talk to the service (network, HTTP status, SOAP fault), with a Spanish reason for the job's state. */
export class DescargaMasivaError extends Error {}

/**
 * The library's web client speaks only https (node:https), and the simulator listens on plain http; this one is
 * the WebClientInterface the library asks for, over fetch (either scheme), with a timeout. The library builds,
 * signs and reads the SOAP; this only carries it.
 */
export class FetchWebClient implements WebClientInterface {
  constructor(private readonly timeoutMs: number) {}

  fireRequest(_request: CRequest): void {}

  fireResponse(_response: CResponse): void {}

  async call(request: CRequest): Promise<CResponse> {
    try {
      const res = await fetch(request.getUri(), {
        method: request.getMethod(),
        headers: request.getHeaders(),
        body: request.getBody(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      return new CResponse(res.status, await res.text());
    } catch (error) {
      const mensaje = error instanceof Error ? error.message : String(error);
      throw new WebClientException(mensaje, request, new CResponse(0, mensaje));
    }
  }
}

/** One row of the SAT's metadata of a received CFDI. */
export interface MetadatoRecibido {
  uuid: string;
  rfcEmisor: string;
  nombreEmisor: string;
  rfcReceptor: string;
  fechaEmision: string;
  fechaCertificacion: string;
  monto: string;
  efecto: string;
  estatus: "vigente" | "cancelado";
  fechaCancelacion: string | null;
}

export interface ResultadoSolicitud {
  codigo: number;
  mensaje: string;
  idSolicitud: string;
}

export interface ResultadoVerificacion {
  codigo: number;
  mensaje: string;
  /** EstadoSolicitud: 1 aceptada, 2 en proceso, 3 terminada, 4 error, 5 rechazada, 6 vencida. */
  estado: number;
  /** CodigoEstadoSolicitud: 5000, 5002 (agotadas), 5003 (tope), 5004 (sin información), 5005 (duplicada). */
  codigoSolicitud: number;
  paquetes: string[];
}

export interface ResultadoDescarga {
  codigo: number;
  mensaje: string;
  /** The package, base64 of a ZIP ('' when not given). */
  paquete: string;
}

/** A session with the service under one e.firma: the library's Service, which keeps its token between calls. */
export interface DescargaSesion {
  requestMetadata(rfcReceptor: string, desde: string, hasta: string): Promise<ResultadoSolicitud>;
  /** The XML of the CFDI received in a window; the SAT gives only those in force ('Vigente') as XML. */
  requestXml(rfcReceptor: string, desde: string, hasta: string): Promise<ResultadoSolicitud>;
  verify(idSolicitud: string): Promise<ResultadoVerificacion>;
  download(idPaquete: string): Promise<ResultadoDescarga>;
}

const failure = (error: unknown): DescargaMasivaError =>
  new DescargaMasivaError(DESCARGA_MSG.servicioFallo(error instanceof Error ? error.message : String(error)));

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof DescargaMasivaError ? error : failure(error);
  }
}

/**
 * The client of the SAT's Descarga Masiva (issue 43): @nodecfdi/sat-ws-descarga-masiva with the e.firma, pointed by
 * configuration at the SAT (production) or at the simulator (the library's ServiceEndpoints takes any address).
 */
export function createDescargaMasivaClient(opts: { endpoints: () => DescargaEndpoints; timeoutMs: number }) {
  return {
    open(efirma: Efirma): DescargaSesion {
      let fiel: Fiel;
      try {
        fiel = Fiel.create(efirma.certificado.toString("binary"), efirma.llave.toString("binary"), efirma.password);
      } catch {
        throw new DescargaMasivaError(DESCARGA_MSG.efirmaIlegible);
      }
      const e = opts.endpoints();
      const endpoints = new ServiceEndpoints(
        `${e.solicitud}${RUTAS_DESCARGA_MASIVA.autentica}`,
        `${e.solicitud}${RUTAS_DESCARGA_MASIVA.solicita}`,
        `${e.solicitud}${RUTAS_DESCARGA_MASIVA.verifica}`,
        `${e.paquetes}${RUTAS_DESCARGA_MASIVA.descarga}`,
        new ServiceType("cfdi"),
      );
      const service = new Service(new FielRequestBuilder(fiel), new FetchWebClient(opts.timeoutMs), null, endpoints);
      const query = (tipo: "metadata" | "xml", rfcReceptor: string, desde: string, hasta: string) =>
        guarded(async () => {
          let parametros = QueryParameters.create(DateTimePeriod.createFromValues(desde, hasta))
            .withDownloadType(new DownloadType("received"))
            .withRequestType(new RequestType(tipo));
          // The SAT refuses a request for the XML of received CFDI that includes cancelled ones.
          if (tipo === "xml") parametros = parametros.withDocumentStatus(new DocumentStatus("active"));
          if (fiel.getRfc() !== rfcReceptor) throw new DescargaMasivaError(DESCARGA_MSG.efirmaDeOtroRfc);
          const r = await service.query(parametros);
          return {
            codigo: r.getStatus().getCode(),
            mensaje: r.getStatus().getMessage(),
            idSolicitud: r.getRequestId() ?? "",
          };
        });
      return {
        requestMetadata: (rfcReceptor, desde, hasta) => query("metadata", rfcReceptor, desde, hasta),
        requestXml: (rfcReceptor, desde, hasta) => query("xml", rfcReceptor, desde, hasta),
        verify: (idSolicitud) =>
          guarded(async () => {
            const r = await service.verify(idSolicitud);
            return {
              codigo: r.getStatus().getCode(),
              mensaje: r.getStatus().getMessage(),
              estado: r.getStatusRequest().getValue() ?? 0,
              codigoSolicitud: r.getCodeRequest().getValue() ?? 0,
              paquetes: r.getPackageIds(),
            };
          }),
        download: (idPaquete) =>
          guarded(async () => {
            const r = await service.download(idPaquete);
            return {
              codigo: r.getStatus().getCode(),
              mensaje: r.getStatus().getMessage(),
              paquete: r.getPackageContent(),
            };
          }),
      };
    },
  };
}
export type DescargaMasivaClient = ReturnType<typeof createDescargaMasivaClient>;

const fecha = (s: string) => s.trim().replace(" ", "T");

/** The rows of a metadata package (base64 ZIP), read by the library's MetadataPackageReader. */
export async function readMetadatos(paqueteBase64: string): Promise<MetadatoRecibido[]> {
  let lector: MetadataPackageReader;
  try {
    lector = await MetadataPackageReader.createFromContents(Buffer.from(paqueteBase64, "base64").toString("binary"));
  } catch {
    throw new DescargaMasivaError(DESCARGA_MSG.paqueteIlegible);
  }
  const filas: MetadatoRecibido[] = [];
  for await (const item of lector.metadata()) {
    const uuid = item.get("uuid").trim().toUpperCase();
    if (!uuid) continue;
    filas.push({
      uuid,
      rfcEmisor: item.get("rfcEmisor").trim().toUpperCase(),
      nombreEmisor: item.get("nombreEmisor").trim(),
      rfcReceptor: item.get("rfcReceptor").trim().toUpperCase(),
      fechaEmision: fecha(item.get("fechaEmision")),
      fechaCertificacion: fecha(item.get("fechaCertificacionSat")),
      monto: item.get("monto").trim() || "0",
      efecto: item.get("efectoComprobante").trim(),
      estatus: item.get("estatus").trim() === "0" ? "cancelado" : "vigente",
      fechaCancelacion: item.get("fechaCancelacion").trim() ? fecha(item.get("fechaCancelacion")) : null,
    });
  }
  return filas;
}

/** One CFDI of an XML package: its UUID (upper case, from its TimbreFiscalDigital) and its XML text. */
export interface XmlRecibido {
  uuid: string;
  xml: string;
}

/** The CFDI of an XML package (base64 ZIP, one '<UUID>.xml' per CFDI), read by the library's CfdiPackageReader. */
export async function readXmls(paqueteBase64: string): Promise<XmlRecibido[]> {
  let lector: CfdiPackageReader;
  try {
    lector = await CfdiPackageReader.createFromContents(Buffer.from(paqueteBase64, "base64").toString("binary"));
  } catch {
    throw new DescargaMasivaError(DESCARGA_MSG.paqueteIlegible);
  }
  // The reader decodes each file as UTF-8 text (JSZip's "text"), the CFDI's encoding.
  return (await lector.cfdisToArray()).map((c) => ({ uuid: c.uuid.toUpperCase(), xml: c.content }));
}
