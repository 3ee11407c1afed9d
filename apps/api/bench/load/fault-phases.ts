import { request as httpRequest } from "node:http";
import { conCliente } from "../comun";
import { statusTexto } from "./figures";
import { check, estado, log, seg, sleep } from "./run-state";
import { takeSample } from "./sampling";
import { ordenSimulador } from "./simulator-process";
import type { Carga } from "./usuarios";

/** Errors of the calls of one phase, by status. */
export function erroresDeFase(fase: string) {
  const ls = estado.carga!.llamadas.filter((l) => l.fase === fase);
  const mal = ls.filter((l) => !l.ok);
  const porStatus = new Map<number, number>();
  const porLlamada = new Map<string, number>();
  for (const l of mal) {
    porStatus.set(l.status, (porStatus.get(l.status) ?? 0) + 1);
    porLlamada.set(l.ruta, (porLlamada.get(l.ruta) ?? 0) + 1);
  }
  const rutas = [...porLlamada.entries()].map(([r, n]) => `${r}×${n}`).join(", ");
  return {
    n: ls.length,
    errores: mal.length,
    texto: `${statusTexto([...porStatus.entries()].sort((a, b) => a[0] - b[0]))}${rutas ? `; por llamada: ${rutas}` : ""}`,
    primerMensaje: mal[0]?.mensaje ?? "",
  };
}

export async function healthDirecto(url: string) {
  return fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.status,
    () => 0,
  );
}

export async function waitForStatus(servidor: string, quiere: (s: string) => boolean, limiteMs: number) {
  const t = performance.now();
  while (performance.now() - t < limiteMs) {
    const filas = await estado.cluster!.haproxyStats().catch(() => []);
    const f = filas.find((x) => x.server === servidor);
    if (f && quiere(f.status)) return { ms: performance.now() - t, status: f.status };
    await sleep(100);
  }
  return null;
}

/** Before a fault: every portal process alive and UP in HAProxy (a process that died by itself is restarted). */
export async function ensureProcesses() {
  const c = estado.cluster!;
  for (const p of c.processes) {
    if ((await healthDirecto(p.url)) === 200) continue;
    check(false, `antes de la siguiente falla, p${p.index} no responde: se reinicia`);
    await c.restart(p.index).catch((e: unknown) => log(`[load]   no se pudo reiniciar p${p.index}: ${String(e)}`));
    await waitForStatus(`p${p.index}`, (s) => s === "UP", 15_000);
  }
}

/** SMTP and the Service Layer simulator unreachable for 30 s, then back on the same ports. */
export async function faseSmtpErp(carga: Carga) {
  const fase = "smtp-erp";
  carga.fase = fase;
  estado.fallas++;
  log("");
  log("[load] === Falla 1: SMTP y ERP (simulador del Service Layer) inalcanzables 30 s ===");
  const pendientesAntes = await colas();
  const desde = carga.ahora();
  await estado.correo!.shut();
  await ordenSimulador("cerrar");
  const t = performance.now();
  log(`[load] cerrados ambos puertos (colas al cerrar: ${pendientesAntes}); la carga sigue …`);
  await carga.wait(30_000);
  await estado.correo!.open();
  await ordenSimulador("abrir");
  estado.ventanas.push({ nombre: "smtp-erp", desde, hasta: carga.ahora() });
  log(`[load] reabiertos tras ${seg(performance.now() - t)} (colas: ${await colas()}); la carga sigue 5 s`);
  await carga.wait(5_000);
  const e = erroresDeFase(fase);
  check(
    e.errores === 0,
    `ninguna acción de proveedor o revisor bloqueada: ${e.n} llamadas durante la falla, ${e.errores} errores (${e.texto})` +
      (e.primerMensaje ? `; p. ej. «${e.primerMensaje}»` : ""),
  );
  log(
    "[load]   (correos y facturas del ERP entregados una sola vez: se comprueba al final, cuando las colas se vacían)",
  );
}

/** The mail and ERP queues now, as text. */
export async function colas() {
  const r = await conCliente(estado.cluster!.databaseUrl, (c) =>
    c.query<{ correos: number; trabajos: number }>(
      `select (select count(*)::int from correo_outbox where estado = 'pendiente') as correos,
              (select count(*)::int from erp_trabajos where estado = 'pendiente') as trabajos`,
    ),
  ).catch(() => null);
  const f = r?.rows[0];
  return f ? `${f.correos} correos y ${f.trabajos} trabajos del ERP pendientes` : "no se pudieron leer";
}

/** PostgreSQL stopped, down 3 s, started again, under load. */
export async function fasePostgres(carga: Carga) {
  const c = estado.cluster!;
  const fase = "postgres";
  log("");
  log("[load] === Falla 2: PostgreSQL reiniciado con la carga en curso ===");
  if (!c.stopPostgres || !c.startPostgres) {
    log("[load]   omitida: el clúster no inició su propio PostgreSQL");
    return;
  }
  carga.fase = fase;
  estado.fallas++;
  await carga.wait(3_000);
  const desde = carga.ahora();
  await c.stopPostgres();
  const detenido = carga.ahora();
  await carga.wait(3_000);
  await c.startPostgres();
  const arriba = carga.ahora();
  log(
    `[load] PostgreSQL detenido en ${seg(detenido - desde)}, abajo ${seg(arriba - detenido)} en total hasta responder de nuevo`,
  );
  // Each process's own health check (not through HAProxy), every 100 ms, until 200.
  const recuperados = await Promise.all(
    c.processes.map(async (p) => {
      while (carga.ahora() - arriba < 30_000) {
        if ((await healthDirecto(p.url)) === 200) return carga.ahora() - arriba;
        await sleep(100);
      }
      return Number.POSITIVE_INFINITY;
    }),
  );
  const hasta = Math.max(arriba, ...recuperados.map((r) => arriba + (Number.isFinite(r) ? r : 30_000))) + 1000;
  estado.ventanas.push({ nombre: "postgres", desde, hasta });
  await carga.wait(8_000);
  for (const [i, r] of recuperados.entries()) {
    check(
      r <= 5000,
      `el proceso p${i} responde 200 en /api/health ${seg(r)} después de que PostgreSQL volvió (objetivo <= 5 s)`,
    );
  }
  const enVentana = carga.llamadas.filter((l) => l.inicio <= hasta && l.fin >= desde);
  const fallidas = enVentana.filter((l) => !l.ok);
  const porStatus = new Map<number, number>();
  for (const l of fallidas) porStatus.set(l.status, (porStatus.get(l.status) ?? 0) + 1);
  const lenta = Math.max(0, ...enVentana.map((l) => l.fin - l.inicio));
  log(
    `[load]   ${enVentana.length} llamadas durante la caída; ${fallidas.length} fallaron: ${statusTexto([...porStatus.entries()])}`,
  );
  check((porStatus.get(500) ?? 0) === 0, "ninguna respuesta 500 durante la caída");
  const no503 = fallidas.filter((l) => l.status !== 503);
  check(no503.length === 0, `todas las fallidas son 503 en español (${no503.length} no lo son)`);
  const sinMensaje = fallidas.filter((l) => l.status === 503 && !/[a-záéíóúñ]/i.test(l.mensaje ?? ""));
  check(sinMensaje.length === 0, `cada 503 trae el mensaje del portal (${sinMensaje.length} sin él)`);
  check(
    lenta <= 10_000,
    `la llamada más larga durante la caída tardó ${seg(lenta)} (sin esperas de más de unos segundos)`,
  );
  const e = erroresDeFase(fase);
  log(
    `[load]   fase completa: ${e.n} llamadas, ${e.errores} fallidas (${e.texto}); fuera de la ventana cuentan como errores`,
  );
}

/** One process SIGKILLed mid-load: HAProxy routes around it; then it is restarted and rejoins. */
export async function faseSigkill(carga: Carga) {
  const c = estado.cluster!;
  const fase = "sigkill";
  carga.fase = fase;
  estado.fallas++;
  const i = c.processes.length - 1;
  log("");
  log(`[load] === Falla 3: el proceso p${i} muere (SIGKILL) con la carga en curso ===`);
  await carga.wait(4_000);
  const desde = carga.ahora();
  await c.kill(i, "SIGKILL");
  const abajo = await waitForStatus(`p${i}`, (s) => s.startsWith("DOWN"), 15_000);
  const hasta = carga.ahora() + 500;
  estado.ventanas.push({ nombre: "sigkill", desde, hasta });
  check(abajo !== null, `HAProxy marcó p${i} DOWN ${abajo ? seg(abajo.ms) : "nunca"} después del SIGKILL`);
  await carga.wait(4_000);
  const tr = performance.now();
  await c.restart(i);
  const arriba = await waitForStatus(`p${i}`, (s) => s === "UP", 15_000);
  check(
    arriba !== null,
    `p${i} reiniciado (pid ${c.processes[i]?.pid}) y de vuelta UP en HAProxy en ${seg(performance.now() - tr)}`,
  );
  await carga.wait(4_000);
  const enVentana = carga.llamadas.filter((l) => l.inicio <= hasta && l.fin >= desde && !l.ok);
  const porStatus = new Map<number, number>();
  for (const l of enVentana) porStatus.set(l.status, (porStatus.get(l.status) ?? 0) + 1);
  log(
    `[load]   llamadas en vuelo al morir que fallaron (el usuario puede reintentar): ${enVentana.length} (${statusTexto([...porStatus.entries()])}), ` +
      `de ellas cargas ${enVentana.filter((l) => l.clase === "carga").length}`,
  );
  const e = erroresDeFase(fase);
  log(
    `[load]   fase completa: ${e.n} llamadas, ${e.errores} fallidas (${e.texto}); las cargas fallidas se revisan en la base al final`,
  );
  const mensajes = new Map<string, number>();
  for (const l of enVentana) {
    const m = `${l.status} ${l.mensaje ?? ""}`.slice(0, 160);
    mensajes.set(m, (mensajes.get(m) ?? 0) + 1);
  }
  for (const [m, n] of mensajes) log(`[load]   ${n}× ${m}`);
}

/** One process SIGTERMed under load: out of the pool first, its requests finished, exit 0; then restarted. */
export async function faseSigterm(carga: Carga) {
  const c = estado.cluster!;
  const fase = "sigterm";
  carga.fase = fase;
  estado.fallas++;
  log("");
  log("[load] === Falla 4: el proceso p0 se detiene con SIGTERM con la carga en curso ===");
  await carga.wait(4_000);
  const t = performance.now();
  let abajoMs: number | null = null;
  let sigue = true;
  const vigia = (async () => {
    while (sigue) {
      const f = (await c.haproxyStats().catch(() => [])).find((x) => x.server === "p0");
      if (f && !f.status.startsWith("UP") && abajoMs === null) abajoMs = performance.now() - t;
      await sleep(50);
    }
  })();
  const { code, ms } = await c.terminate(0);
  const salida = performance.now() - t;
  sigue = false;
  await vigia;
  check(
    abajoMs !== null && abajoMs < salida,
    `HAProxy sacó a p0 del grupo a los ${abajoMs === null ? "—" : seg(abajoMs)}, antes de que terminara (${seg(salida)})`,
  );
  check(code === 0, `p0 terminó con código ${code} en ${seg(ms)}`);
  const tr = performance.now();
  await c.restart(0);
  const arriba = await waitForStatus("p0", (s) => s === "UP", 15_000);
  check(
    arriba !== null,
    `p0 reiniciado (pid ${c.processes[0]?.pid}) y UP en HAProxy en ${seg(performance.now() - tr)}`,
  );
  await carga.wait(3_000);
  const e = erroresDeFase(fase);
  check(
    e.errores === 0,
    `sus solicitudes en curso terminaron: ${e.n} llamadas en la fase, ${e.errores} errores (${e.texto})`,
  );
}

/** Clients that drop a big streamed list after its first bytes. */
export async function faseDesconexion(carga: Carga) {
  const c = estado.cluster!;
  const fase = "desconexion";
  carga.fase = fase;
  estado.fallas++;
  log("");
  log("[load] === Falla 5: clientes que se desconectan a mitad de una lista grande ===");
  const token = await carga.login("admin", "Empleado", false);
  const antes = takeSample();
  let cortadas = 0;
  let bytesMax = 0;
  for (let n = 0; n < 20; n++) {
    const r = await new Promise<{ bytes: number; status: number }>((resolve) => {
      const req = httpRequest(
        `${c.url}/api/pedidos/getPedidos`,
        {
          method: "POST",
          headers: { "content-type": "application/json", "x-access-token": token ?? "", "accept-encoding": "identity" },
        },
        (res) => {
          res.once("data", (chunk: Buffer) => {
            // The first bytes arrived: the client goes away.
            req.destroy();
            resolve({ bytes: chunk.length, status: res.statusCode ?? 0 });
          });
          res.once("end", () => resolve({ bytes: -1, status: res.statusCode ?? 0 }));
        },
      );
      req.on("error", () => resolve({ bytes: 0, status: 0 }));
      req.end("{}");
    });
    if (r.bytes > 0 && r.status === 200) cortadas++;
    bytesMax = Math.max(bytesMax, r.bytes);
    await sleep(150);
  }
  await carga.wait(5_000);
  const despues = takeSample();
  const salud = await Promise.all(c.processes.map((p) => healthDirecto(p.url)));
  check(cortadas === 20, `${cortadas} de 20 listas de pedidos cortadas tras los primeros bytes`);
  check(
    salud.every((s) => s === 200),
    `cada proceso sigue sano (/api/health directo: ${salud.join(", ")})`,
  );
  for (const p of c.processes) {
    const a = antes.get(`portal p${p.index}`)?.rssMb ?? 0;
    const d = despues.get(`portal p${p.index}`)?.rssMb ?? 0;
    log(`[load]   memoria de p${p.index}: ${a.toFixed(0)} MB antes, ${d.toFixed(0)} MB 5 s después`);
  }
  const e = erroresDeFase(fase);
  check(e.errores === 0, `la carga de los demás usuarios siguió: ${e.n} llamadas, ${e.errores} errores (${e.texto})`);
}
