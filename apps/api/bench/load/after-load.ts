import { conCliente } from "../comun";
import { colas } from "./fault-phases";
import { type Asiento, checkLedger, type Estado } from "./figures";
import { check, estado, LIMITE_MS, log, seg, sleep, transcurrido } from "./run-state";

// --- After the load: queues drained, exactly once, the ledger --------------------------------------------

export async function waitForQueues() {
  const t = performance.now();
  const limite = Math.min(240_000, LIMITE_MS - transcurrido() - 30_000);
  log("");
  log(`[load] === Colas: espera a que correos y trabajos del ERP se entreguen (hasta ${seg(Math.max(0, limite))}) ===`);
  while (performance.now() - t < limite) {
    const r = await conCliente(estado.cluster!.databaseUrl, (c) =>
      c.query<{ correos: number; trabajos: number }>(
        `select (select count(*)::int from correo_outbox where estado = 'pendiente') as correos,
                (select count(*)::int from erp_trabajos where estado = 'pendiente') as trabajos`,
      ),
    );
    const f = r.rows[0]!;
    if (f.correos === 0 && f.trabajos === 0) {
      log(`[load] colas vacías ${seg(performance.now() - t)} después de detener la carga`);
      return;
    }
    await sleep(1000);
  }
  log(`[load] las colas no se vaciaron a tiempo: ${await colas()}`);
  estado.colasPendientes = true;
  const r = await conCliente(estado.cluster!.databaseUrl, (c) =>
    c.query<{ id: number; intentos: number; siguiente: string; error: string; bloqueado: string | null }>(
      `select id, intentos, siguiente_intento::text as siguiente, ultimo_error as error,
              bloqueado_hasta::text as bloqueado, created_at::text as creado from correo_outbox
        where estado = 'pendiente' order by id limit 5`,
    ),
  );
  for (const f of r.rows)
    log(
      `[load]   correo pendiente ${f.id}: ${f.intentos} intentos, siguiente ${f.siguiente}, arrendado hasta ${f.bloqueado ?? "—"}, último error «${f.error}»`,
    );
  // ERP jobs still waiting, grouped by attempts and last error: why they wait (backoff, a lease, a refusal).
  const t2 = await conCliente(estado.cluster!.databaseUrl, (c) =>
    c.query<{ intentos: number; error: string; n: number; siguiente_s: number; arrendados: number }>(
      `select intentos, left(ultimo_error, 160) as error, count(*)::int as n,
              round(extract(epoch from min(siguiente_intento) - now()))::int as siguiente_s,
              count(*) filter (where bloqueado_hasta > now())::int as arrendados
         from erp_trabajos where estado = 'pendiente'
        group by 1, 2 order by 3 desc limit 8`,
    ),
  );
  for (const f of t2.rows)
    log(
      `[load]   trabajos del ERP pendientes: ${f.n} con ${f.intentos} intentos (arrendados ${f.arrendados}), el próximo en ${f.siguiente_s} s, último error «${f.error || "—"}»`,
    );
  // Connections inside a transaction or waiting for a lock for more than a few seconds: what may hold a job back.
  const t3 = await conCliente(estado.cluster!.databaseUrl, (c) =>
    c.query<{ pid: number; estado: string; espera: string | null; s: number; consulta: string }>(
      `select pid, state as estado, wait_event_type || ':' || wait_event as espera,
              round(extract(epoch from now() - xact_start))::int as s,
              left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 120) as consulta
         from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and xact_start < now() - interval '5 seconds'
        order by xact_start limit 8`,
    ),
  );
  for (const f of t3.rows)
    log(`[load]   conexión ${f.pid} ${f.estado} desde hace ${f.s} s (espera ${f.espera ?? "—"}): ${f.consulta}`);
}

export async function checkDeliveries() {
  const url = estado.cluster!.databaseUrl;
  log("");
  log("[load] === Entregas exactamente una vez (correo y ERP) ===");
  const correo = estado.correo!;
  await conCliente(url, async (c) => {
    const o = (
      await c.query<{ enviados: number; pendientes: number; fallidos: number; distintos: number }>(
        `select count(*) filter (where estado = 'enviado')::int as enviados,
                count(*) filter (where estado = 'pendiente')::int as pendientes,
                count(*) filter (where estado = 'fallido')::int as fallidos,
                count(distinct (para, asunto, texto, html)) filter (where estado = 'enviado')::int as distintos
           from correo_outbox`,
      )
    ).rows[0]!;
    const recibidos = correo.recibidos.length;
    // One Message-ID per outbox message, the same on every attempt: a message handed to the SMTP server by a
    // process killed before it recorded the delivery is sent again after its lease, as the same message.
    const porId = new Map<string, { n: number; clave: string }>();
    for (const r of correo.recibidos) {
      const seen = porId.get(r.messageId);
      porId.set(r.messageId, { n: (seen?.n ?? 0) + 1, clave: r.clave });
    }
    const sinId = correo.recibidos.filter((r) => !/^<correo-\d+\.portal@/.test(r.messageId)).length;
    const reentregas = recibidos - porId.size;
    log(
      `[load]   correo: ${o.enviados} mensajes enviados según la bandeja de salida, ${recibidos} entregas recibidas por el ` +
        `servidor SMTP (${porId.size} mensajes distintos por Message-ID), ${o.pendientes} pendientes, ${o.fallidos} fallidos`,
    );
    check(
      porId.size === o.enviados && sinId === 0 && o.pendientes === 0 && o.fallidos === 0,
      "cada correo de la bandeja llegó como un solo mensaje (un Message-ID) y ninguno quedó pendiente",
    );
    if (reentregas > 0) {
      log(
        `[load]   ${reentregas} reentrega(s) con el mismo Message-ID: el proceso murió (SIGKILL) entre la entrega al ` +
          "servidor SMTP y su registro; SMTP no ofrece más que «al menos una vez», el destinatario ve un mensaje",
      );
      for (const [id, { n, clave }] of porId) {
        if (n < 2) continue;
        const asunto = /^subject: (.*)$/im.exec(clave)?.[1] ?? "?";
        log(`[load]   ${id} entregado ${n} veces, asunto «${asunto}»`);
      }
    }
    const f = (
      await c.query<{ aceptadas: number; con_una: number; con_mas: number; sin: number; trabajos_fallidos: number }>(
        `with a as (
           -- The A/P invoices of each accepted invoice, without cancellation documents: since decision 048 an A/P
           -- invoice cancelled in the ERP (Y; the demo has one) and its cancellation document (C) carry the same
           -- portal id, and the cancellation document is not a second A/P invoice.
           select f.id, (select count(*) from erp_mock.facturas e
                          where e.bd = f.bd and e.portal_id = f.id and e.canceled <> 'C') as n
             from facturas f where f.estatus = 'A' and f.created_at > now() - interval '1 hour')
         select count(*)::int as aceptadas, count(*) filter (where n = 1)::int as con_una,
                count(*) filter (where n > 1)::int as con_mas, count(*) filter (where n = 0)::int as sin,
                (select count(*)::int from erp_trabajos where estado = 'fallido') as trabajos_fallidos
           from a`,
      )
    ).rows[0]!;
    log(
      `[load]   ERP: ${f.aceptadas} facturas aceptadas en esta corrida; con su factura de proveedor en el ERP una vez ${f.con_una}, ` +
        `más de una ${f.con_mas}, ninguna ${f.sin}; trabajos fallidos ${f.trabajos_fallidos}`,
    );
    // Every accepted invoice whose portal id is on any number of rows but one: its rows, to tell a duplicate (two N)
    // from a cancellation (Y and its C).
    const raras = (
      await c.query<{ id: number; filas: string }>(
        `select f.id, string_agg(e.doc_entry || ':' || e.canceled || ':' || e.doc_total, ' ' order by e.doc_entry) as filas
           from facturas f join erp_mock.facturas e on e.bd = f.bd and e.portal_id = f.id
          where f.estatus = 'A' and f.created_at > now() - interval '1 hour'
          group by f.id having count(*) <> 1 order by f.id limit 10`,
      )
    ).rows;
    for (const r of raras) log(`[load]   factura ${r.id}: filas en el ERP (DocEntry:CANCELED:DocTotal) ${r.filas}`);
    check(f.con_una === f.aceptadas && f.trabajos_fallidos === 0, "cada factura aceptada está una sola vez en el ERP");
  });
}

export async function checkLedgerInDatabase() {
  const carga = estado.carga!;
  const url = estado.cluster!.databaseUrl;
  log("");
  log("[load] === Libro: cada escritura respondida con éxito, comprobada en la base ===");
  const libro: Asiento[] = carga.libro;
  const uuids = libro
    .filter((a) => a.tipo === "factura" || a.tipo === "complemento")
    .map((a) => (a as { uuid: string }).uuid);
  const fallidas = carga.cargasFallidas.map((f) => f.uuid);
  const base: Estado = {
    facturas: new Map(),
    complementos: new Map(),
    facturasPorId: new Map(),
    complementosPorId: new Map(),
  };
  await conCliente(url, async (c) => {
    const todos = [...uuids, ...fallidas];
    for (const r of (
      await c.query<{ id: number; uuid: string; estatus: string }>(
        "select id, uuid, estatus from facturas where uuid = any($1::text[])",
        [todos],
      )
    ).rows) {
      base.facturas.set(r.uuid.toUpperCase(), r.estatus);
    }
    for (const r of (
      await c.query<{ uuid: string; estatus: string }>(
        "select uuid, estatus from complementos_pago where uuid = any($1::text[])",
        [todos],
      )
    ).rows) {
      base.complementos.set(r.uuid.toUpperCase(), r.estatus);
    }
    const idsF = libro.flatMap((a) => (a.tipo === "revisionFactura" ? [a.id] : []));
    const idsP = libro.flatMap((a) => (a.tipo === "revisionPago" ? [a.id] : []));
    for (const r of (
      await c.query<{ id: number; estatus: string }>("select id, estatus from facturas where id = any($1::int[])", [
        idsF,
      ])
    ).rows) {
      base.facturasPorId.set(r.id, r.estatus);
    }
    for (const r of (
      await c.query<{ id: number; estatus: string }>(
        "select id, estatus from complementos_pago where id = any($1::int[])",
        [idsP],
      )
    ).rows) {
      base.complementosPorId.set(r.id, r.estatus);
    }
    const { comprobados, perdidos } = checkLedger(libro, base);
    estado.comprobados = comprobados;
    estado.perdidos = perdidos.length;
    estado.libroComprobado = true;
    const countOf = (t: Asiento["tipo"]) => libro.filter((a) => a.tipo === t).length;
    log(
      `[load]   asientos: ${countOf("factura")} facturas registradas, ${countOf("complemento")} complementos, ` +
        `${countOf("revisionFactura")} decisiones sobre facturas y ${countOf("revisionPago")} sobre complementos; ` +
        `${comprobados} escrituras comprobadas, ${perdidos.length} perdidas`,
    );
    for (const p of perdidos.slice(0, 10)) log(`[load]   ✘ perdida: ${JSON.stringify(p)}`);
    check(perdidos.length === 0, "ninguna escritura respondida con éxito se perdió");

    // Uploads answered with an error: all of it or none of it.
    const completas = carga.cargasFallidas.filter((f) =>
      (f.tipo === "factura" ? base.facturas : base.complementos).has(f.uuid.toUpperCase()),
    ).length;
    log(
      `[load]   cargas respondidas con error: ${carga.cargasFallidas.length} (${completas} quedaron completas en la base, ` +
        `${carga.cargasFallidas.length - completas} no se guardaron: el usuario las reintenta)`,
    );
    const medias = (
      await c.query<{ facturas: number; complementos: number; aceptadas_sin_trabajo: number }>(
        `select
           (select count(*)::int from facturas f where f.pdf_archivo_id is null or f.xml_archivo_id is null
              or f.recepcion_archivo_id is null
              or not exists (select 1 from archivos a where a.id = f.xml_archivo_id)
              or not exists (select 1 from archivos a where a.id = f.pdf_archivo_id)) as facturas,
           (select count(*)::int from complementos_pago p where p.uuid is not null
              and (p.xml_archivo_id is null or p.pdf_archivo_id is null
                or not exists (select 1 from archivos a where a.id = p.xml_archivo_id))) as complementos,
           (select count(*)::int from facturas f where f.estatus = 'A'
              and not exists (select 1 from erp_trabajos t where t.factura_id = f.id)
              and not exists (select 1 from erp_mock.facturas e where e.bd = f.bd and e.portal_id = f.id))
              as aceptadas_sin_trabajo`,
      )
    ).rows[0]!;
    check(
      medias.facturas === 0 && medias.complementos === 0 && medias.aceptadas_sin_trabajo === 0,
      `nada a medio guardar: facturas sin sus archivos ${medias.facturas}, complementos sin sus archivos ` +
        `${medias.complementos}, facturas aceptadas sin su trabajo del ERP ${medias.aceptadas_sin_trabajo}`,
    );
  });
}
