/**
 * The simulated users of the month end: suppliers who sign in, open Home, their orders, receipts, invoices and
 * payments, register invoices and upload complements; reviewers who open the catalogues and the review screens and
 * decide batches. Every call goes to HAProxy's URL with the headers the web app sends (JSON, x-access-token,
 * Accept-Encoding as a browser), through one keep-alive pool; each is recorded with its route name, class, times,
 * status and whether it did what the user wanted. Between two calls a user thinks 0.5–2 s (uniform).
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { buildPostPagoPayload, type PostPagoPayloadInput, readPaymentComplement } from "@portal/cfdi";
import { Agent } from "undici";
import type { Asiento, Clase, Llamada } from "./figures";
import type { DatosCarga } from "./prepare";

export const PENSAR_MIN_MS = 500;
export const PENSAR_MAX_MS = 2000;

/** A POST or GET's answer as a user sees it. */
export interface Respuesta {
  status: number;
  ok: boolean;
  json: unknown;
  ms: number;
  inicio: number;
  fin: number;
}

/** An upload answered with an error: the database must hold all of it or none of it. */
export interface CargaFallida {
  tipo: "factura" | "complemento";
  uuid: string;
  status: number;
  inicio: number;
  fin: number;
}

/** What the users share: the URL, the pool, the records, the ledger, the data still to upload, the phase. */
export class Carga {
  readonly llamadas: Llamada[] = [];
  readonly libro: Asiento[] = [];
  readonly cargasFallidas: CargaFallida[] = [];
  /** postPago's related documents by payment DocNum, as getPagos lists them. */
  detalles = new Map<number, unknown[]>();
  fase = "preparación";
  parar = false;
  readonly t0 = performance.now();
  readonly agent: Agent;
  private pendientesFacturas: DatosCarga["facturas"];
  private pendientesComplementos: DatosCarga["complementos"];

  constructor(
    readonly base: string,
    readonly datos: DatosCarga,
    readonly password: string,
  ) {
    // One connection per user and some room: a browser keeps a few, but calls of one user are sequential here.
    this.agent = new Agent({ connections: 128, keepAliveTimeout: 30_000, headersTimeout: 60_000, bodyTimeout: 60_000 });
    this.pendientesFacturas = [...datos.facturas];
    this.pendientesComplementos = [...datos.complementos];
  }

  /** ms since the load began. */
  ahora = () => performance.now() - this.t0;

  facturasLeft = () => this.pendientesFacturas.length;
  complementosLeft = () => this.pendientesComplementos.length;

  /** One call; `register` false for the preparation's calls (not in the figures). */
  async call(
    ruta: string,
    clase: Clase,
    method: "GET" | "POST" | "PATCH",
    path: string,
    token: string | null,
    body?: unknown,
    register = true,
  ): Promise<Respuesta> {
    const fase = this.fase;
    const inicio = this.ahora();
    let status = 0;
    let text: string | null = null;
    let mensaje: string | undefined;
    try {
      // undici's request (not fetch: a third of the CPU per call), decompressing as a browser would.
      const res = await this.agent.request({
        origin: this.base,
        path,
        method,
        headers: {
          accept: "application/json",
          "accept-encoding": "br, gzip, deflate",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(token ? { "x-access-token": token } : {}),
        },
        ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
        signal: AbortSignal.timeout(60_000),
      });
      status = res.statusCode;
      const bytes = Buffer.from(await res.body.arrayBuffer());
      const encoding = String(res.headers["content-encoding"] ?? "");
      text = (
        encoding === "br"
          ? brotliDecompressSync(bytes)
          : encoding === "gzip"
            ? gunzipSync(bytes)
            : encoding === "deflate"
              ? inflateSync(bytes)
              : bytes
      ).toString("utf8");
    } catch (error) {
      status = 0;
      mensaje =
        error instanceof Error
          ? `${error.name}: ${(error.cause as Error | undefined)?.message ?? error.message}`
          : String(error);
    }
    const fin = this.ahora();
    // Parsed only when asked for (a browser's parse happens on the user's machine, not on the 2 cores measured): a
    // success is recognised by how the portal's answers begin, anything else is parsed to be sure.
    let parsed: { value: unknown } | null = null;
    const read = (): unknown => {
      if (!parsed) {
        try {
          parsed = { value: text === null ? null : JSON.parse(text) };
        } catch {
          parsed = { value: text };
        }
      }
      return parsed.value;
    };
    const exito =
      text?.startsWith('{"status":"success"') || (read() as { status?: string } | null)?.status === "success";
    const ok = status >= 200 && status < 300 && exito;
    const json = ok ? null : read();
    if (!ok && mensaje === undefined) {
      mensaje =
        typeof json === "string" ? json.slice(0, 200) : String((json as { message?: string } | null)?.message ?? "");
    }
    if (register) this.llamadas.push({ ruta, clase, inicio, fin, status, ok, fase, ...(ok ? {} : { mensaje }) });
    return {
      status,
      ok,
      get json() {
        return read();
      },
      ms: fin - inicio,
      inicio,
      fin,
    };
  }

  /** Waits `ms`, or less when the load stops. */
  async wait(ms: number) {
    const hasta = performance.now() + ms;
    while (!this.parar && performance.now() < hasta) {
      await new Promise((r) => setTimeout(r, Math.min(250, hasta - performance.now())));
    }
  }

  think = () => this.wait(PENSAR_MIN_MS + Math.random() * (PENSAR_MAX_MS - PENSAR_MIN_MS));

  async login(usuario: string, operador: "Proveedor" | "Empleado", register = true): Promise<string | null> {
    const r = await this.call(
      "login",
      "sesion",
      "POST",
      "/api/login",
      null,
      { usuario, password: this.password, operador },
      register,
    );
    return r.ok ? ((r.json as { data: { token: string } }).data.token ?? null) : null;
  }

  // --- Uploads ---------------------------------------------------------------------------------------------

  /** Registers the next invoice of the pool (false when the pool is empty). */
  async registerFactura(token: string, register = true): Promise<boolean> {
    const f = this.pendientesFacturas.shift();
    if (!f) return false;
    const body = JSON.stringify({
      ...f.campos,
      PDF: `factura-${f.entrada}.pdf`,
      PDF64: this.datos.pdf64,
      XML: `factura-${f.entrada}.xml`,
      XML64: f.xml64,
      Recepcion: `recepcion-${f.entrada}.png`,
      Recepcion64: this.datos.imagen64,
    });
    const r = await this.call("postFactura", "carga", "POST", "/api/facturas/postFactura", token, body, register);
    if (r.ok) this.libro.push({ tipo: "factura", uuid: f.uuid });
    else {
      this.cargasFallidas.push({ tipo: "factura", uuid: f.uuid, status: r.status, inicio: r.inicio, fin: r.fin });
      if (!register) throw new Error(`postFactura ${r.status}: ${JSON.stringify(r.json).slice(0, 300)}`);
    }
    return true;
  }

  /** Uploads the next complement of the pool whose payment the supplier's list showed. */
  async uploadComplemento(token: string, register = true): Promise<boolean> {
    const i = this.pendientesComplementos.findIndex((c) => this.detalles.has(c.pagoDocNum));
    if (i < 0) return false;
    const [c] = this.pendientesComplementos.splice(i, 1);
    if (!c) return false;
    const detalle = this.detalles.get(c.pagoDocNum) as PostPagoPayloadInput["Detalle"];
    const leido = readPaymentComplement(c.xml);
    if (!leido.ok) throw new Error(`El complemento ${c.uuid} no se lee: ${leido.errors.join("; ")}`);
    const body = JSON.stringify({
      usuario: "ESCUELA KEMPER URGATE",
      id: "P00001",
      operador: "Proveedor",
      // The browser's own mapping (@portal/cfdi).
      ...buildPostPagoPayload(leido.data, {
        PagoSAP: c.pagoDocNum,
        BD: "SBO_MCI",
        archivos: {
          pdf: { name: `complemento-${c.pagoDocNum}.pdf`, base64: this.datos.pdfComplemento64 },
          xml: { name: `complemento-${c.pagoDocNum}.xml`, base64: Buffer.from(c.xml).toString("base64") },
        },
        Detalle: detalle,
      }),
    });
    const r = await this.call("postPago", "carga", "POST", "/api/pagos/postPago", token, body, register);
    if (r.ok) this.libro.push({ tipo: "complemento", uuid: c.uuid });
    else {
      this.cargasFallidas.push({ tipo: "complemento", uuid: c.uuid, status: r.status, inicio: r.inicio, fin: r.fin });
      if (!register) throw new Error(`postPago ${r.status}: ${JSON.stringify(r.json).slice(0, 300)}`);
    }
    return true;
  }

  // --- The users ---------------------------------------------------------------------------------------------

  /**
   * A supplier: visits of Home, orders, receipts, invoices and payments; signs in on the first visit and on one in
   * three after it (a new browser session). A supplier that `carga` also registers an invoice per visit (opening the
   * receipts it may invoice first) and, on four visits in ten, uploads a complement.
   */
  async proveedor(usuario: string, carga: boolean) {
    let token: string | null = null;
    let visita = 0;
    while (!this.parar) {
      if (!token || visita % 3 === 0) {
        token = await this.login(usuario, "Proveedor");
        if (!token) {
          await this.think();
          continue;
        }
        await this.think();
      }
      visita++;
      const pasos: (() => Promise<unknown>)[] = [
        () =>
          Promise.all([
            this.call("home/getSociedades", "lectura", "POST", "/api/home/getSociedades", token, { dato: "SN" }),
            this.call("home/RowDocuments", "lectura", "POST", "/api/home/RowDocuments", token, { dato: "Pedidos" }),
          ]),
        () => this.call("getPedidos", "lectura", "POST", "/api/pedidos/getPedidos", token, {}),
        () =>
          this.call(
            "getEntradasMercancia",
            "lectura",
            "POST",
            "/api/entradasMercancia/getEntradasMercancia",
            token,
            {},
          ),
        () => this.call("getFacturas", "lectura", "POST", "/api/facturas/getFacturas", token, {}),
      ];
      if (carga) {
        pasos.push(
          () =>
            this.call("facturas/getEntradas", "lectura", "POST", "/api/facturas/getEntradas", token, {
              BD: "SBO_MCI",
              tipo: "Nuevo",
            }),
          () => this.registerFactura(token!),
        );
      }
      pasos.push(() => this.call("getPagos", "lectura", "POST", "/api/pagos/getPagos", token, {}));
      if (carga && Math.random() < 0.4) pasos.push(() => this.uploadComplemento(token!));
      for (const paso of pasos) {
        if (this.parar) return;
        await paso();
        await this.think();
      }
    }
  }

  /**
   * A reviewer: signs in once, then rounds of a catalogue (suppliers, companies, employees, areas), the invoices to
   * review and a decision on a batch of up to 5 of them, the complements to review and a batch of those. Reviewer
   * k of n decides only records whose id is k modulo n, as a team splits the queue (two reviewers deciding one record
   * is a conflict the portal refuses by design, not what this measures).
   */
  async revisor(usuario: string, k: number, n: number) {
    let token: string | null = null;
    let ronda = 0;
    const catalogos: [string, "GET" | "POST", string, unknown][] = [
      ["rowProveedores", "POST", "/api/proveedores/rowProveedores", { tipo: "Lista" }],
      ["rowSociedades", "POST", "/api/sociedades/rowSociedades", {}],
      ["rowEmpleados", "POST", "/api/empleados/rowEmpleados", { tipo: "Lista" }],
      ["proveedores/getSociedades", "GET", "/api/proveedores/getSociedades", undefined],
      ["getAreas", "GET", "/api/empleados/getAreas", undefined],
    ];
    while (!this.parar) {
      if (!token) {
        token = await this.login(usuario, "Empleado");
        await this.think();
        if (!token) continue;
      }
      const [ruta, method, path, body] = catalogos[ronda % catalogos.length]!;
      ronda++;
      const c = await this.call(ruta, "lectura", method, path, token, body);
      if (c.status === 401) token = null;
      await this.think();
      if (this.parar || !token) continue;

      const fp = await this.call(
        "facturasPendientes/getFacturas",
        "lectura",
        "POST",
        "/api/facturasPendientes/getFacturas",
        token,
        {},
      );
      await this.think();
      if (this.parar) return;
      if (fp.ok) {
        type Fila = { IdFactura: number; EstatusFactura: string; BD: string; Version: number };
        const mias = ((fp.json as { data: Fila[] }).data ?? [])
          .filter((f) => f.EstatusFactura === "P" && f.IdFactura % n === k)
          .slice(0, 5);
        if (mias.length > 0) {
          const decisiones = mias.map((f) => ({
            Factura: f.IdFactura,
            Estatus: Math.random() < 0.8 ? "A" : "R",
            Comentarios: "Revisión de cierre de mes.",
            BD: f.BD,
            Version: f.Version,
          }));
          const r = await this.call(
            "facturasPendientes/patchfactura",
            "escritura",
            "PATCH",
            "/api/facturasPendientes/patchfactura",
            token,
            decisiones,
          );
          if (r.ok) {
            for (const d of decisiones) this.libro.push({ tipo: "revisionFactura", id: d.Factura, estatus: d.Estatus });
          }
          await this.think();
          if (this.parar) return;
        }
      }

      const pp = await this.call(
        "pagosPendientes/getPagos",
        "lectura",
        "POST",
        "/api/pagosPendientes/getPagos",
        token,
        {},
      );
      await this.think();
      if (this.parar) return;
      if (pp.ok) {
        type Fila = {
          IdPago: number | null;
          U_SYS_PMESPA: string;
          U_SYS_PMSNBD: string;
          DocNum: number;
          Version?: number;
        };
        const mios = ((pp.json as { data: Fila[] }).data ?? [])
          .filter((p) => p.IdPago !== null && p.U_SYS_PMESPA === "P" && p.Version !== undefined && p.IdPago % n === k)
          .slice(0, 5);
        if (mios.length > 0) {
          const decisiones = mios.map((p) => {
            const x = Math.random();
            return {
              Pago: p.IdPago as number,
              Estatus: x < 0.7 ? "A" : x < 0.85 ? "V" : "R",
              Comentarios: "Revisión de cierre de mes.",
              BD: p.U_SYS_PMSNBD,
              PagoSAP: p.DocNum,
              Version: p.Version as number,
            };
          });
          const r = await this.call(
            "pagosPendientes/patchPagos",
            "escritura",
            "PATCH",
            "/api/pagosPendientes/patchPagos",
            token,
            decisiones,
          );
          if (r.ok) {
            for (const d of decisiones) this.libro.push({ tipo: "revisionPago", id: d.Pago, estatus: d.Estatus });
          }
          await this.think();
        }
      }
    }
  }
}
