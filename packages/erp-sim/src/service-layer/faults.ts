import type { ServerResponse } from "node:http";
import type { Database } from "@portal/db";
import { sql } from "drizzle-orm";
import type { NextLinkForm } from "./answer-forms";
import type { Row } from "./filter";
import { type Ctx, HTML_502, HTML_503, sendError, sleep, stampOf } from "./http";
import type { LoginErrorDialect } from "./login-dialect";

/** A document added to the collection while a client pages through it (offset paging is no snapshot). */
export interface InsertDuringPaging {
  /** The entity set being paged (default PurchaseOrders). */
  entity?: string;
  /** After serving this page (1 = the first) of that set. */
  afterPage: number;
  /** What to do instead of the default (a copy of the last order with the next DocEntry). */
  run?: (companyDb: string) => Promise<void> | void;
}

export interface SimulatorFaults {
  /** The next N requests (any route) answer the Apache balancer's HTML 502 page. */
  html502: number;
  /** Delay before every answer, in milliseconds. */
  latencyMs: number;
  /** Extra delay per route (the entity set or `Login`, e.g. `{ PurchaseOrders: 500 }`), in milliseconds. */
  latencyByRoute: Record<string, number>;
  /**
   * The form of next links: "as-sap" (default: v1 an absolute path, MAN p35's "/b1s/v1/Orders?$skip=20" form; v2
   * relative to the service root; answer-forms.ts, F18), or one form forced for both: relative, an absolute path or
   * a full URL. Clients must accept all three.
   */
  nextLinkForm: NextLinkForm;
  /** Share (0..1) of requests answered with a server error of kind `errorKind`. */
  errorRate: number;
  /** `sap500`: 500 with SAP's error body (code -1); `html503`: the balancer's HTML 503 page. */
  errorKind: "sap500" | "html503";
  /** Share (0..1) of requests never answered: the socket is held open until the client gives up. */
  timeoutRate: number;
  /** The next N `POST PurchaseInvoices` commit and then destroy the socket without answering. */
  commitThenDrop: number;
  /** The next N `PATCH PurchaseInvoices(n)` commit and then destroy the socket without answering (issue 27). */
  commitThenDropPatch: number;
  /** Requests whose ROUTEID is this node (e.g. ".node2") answer 500 code 407, as a broken balancer node does. */
  brokenNode: string | null;
  /** Logins handled at the same time above this number answer 500 code 299 "SAML Login Failed" (0 = no limit). */
  maxParallelLogins: number;
  /** A document inserted between two pages of a paged read. */
  insertDuringPaging: InsertDuringPaging | null;
  /**
   * A full last page still carries a next link, which then answers an empty page (seen on real Service Layers;
   * SAP's manual does not say either way). Off by default.
   */
  nextLinkOnFullLastPage: boolean;
  /** F10: how a refused Login answers — "fp2608" (-304/-306, default) or "9.3" (100000027); login-dialect.ts. */
  loginErrorDialect: LoginErrorDialect;
}

export interface FaultsDeps {
  db: Database;
  clock: () => Date;
  /** Random source of `errorRate`/`timeoutRate`. */
  random: () => number;
  /** Drafts (ODRF) by company database (catalog.ts). */
  drafts: Map<string, Row[]>;
}

/** The fault knobs as they are at start: all off. */
function idleFaults(): SimulatorFaults {
  return {
    html502: 0,
    latencyMs: 0,
    latencyByRoute: {},
    nextLinkForm: "as-sap",
    errorRate: 0,
    errorKind: "sap500",
    timeoutRate: 0,
    commitThenDrop: 0,
    commitThenDropPatch: 0,
    brokenNode: null,
    maxParallelLogins: 0,
    insertDuringPaging: null,
    nextLinkOnFullLastPage: false,
    loginErrorDialect: "fp2608",
  };
}

/** Adds a draft (ODRF) to a company database, pending by default; returns its DocEntry. */
function addDraftTo(deps: Pick<FaultsDeps, "clock" | "drafts">, companyDb: string, draft: Row): number {
  const { drafts } = deps;
  const list = drafts.get(companyDb) ?? [];
  const docEntry = list.reduce((m, d) => Math.max(m, Number(d.DocEntry)), 0) + 1;
  const now = stampOf(deps.clock());
  list.push({
    DocObjectCode: "oPurchaseInvoices",
    AuthorizationStatus: "dasPending",
    DocumentStatus: "bost_Open",
    Cancelled: "tNO",
    DocumentLines: [],
    ...draft,
    DocEntry: docEntry,
    DocNum: docEntry,
    UpdateDate: now.slice(0, 10),
    UpdateTime: now.slice(11),
    $version: `${docEntry}|${now}`,
  });
  drafts.set(companyDb, list);
  return docEntry;
}

/** The default insertDuringPaging: a copy of the company database's last order, with the next DocEntry. */
async function insertOrderCopy(db: Database, bd: string): Promise<void> {
  await db.execute(sql`with last as (
      select * from erp_mock.pedidos where bd = ${bd} order by doc_entry desc limit 1
    ), ins as (
      insert into erp_mock.pedidos (bd, doc_entry, doc_num, card_code, card_name, doc_status, doc_date,
        doc_due_date, group_num, main_usage, pey_method, doc_cur, doc_rate, num_at_card, comments, disc_prcnt,
        disc_sum, vat_sum, wt_sum, doc_total)
      select bd, doc_entry + 1, doc_num + 1, card_code, card_name, doc_status, doc_date, doc_due_date, group_num,
        main_usage, pey_method, doc_cur, doc_rate, num_at_card, comments, disc_prcnt, disc_sum, vat_sum, wt_sum,
        doc_total from last returning bd, doc_entry
    )
    insert into erp_mock.pedido_lineas (bd, doc_entry, line_num, item_code, item_name, frgn_name, line_status,
      uom_code, quantity, open_qty, price_bef_di, disc_prcnt, line_total, vat_sum)
    select l.bd, l.doc_entry + 1, l.line_num, l.item_code, l.item_name, l.frgn_name, l.line_status, l.uom_code,
      l.quantity, l.open_qty, l.price_bef_di, l.disc_prcnt, l.line_total, l.vat_sum
    from erp_mock.pedido_lineas l join last on l.bd = last.bd and l.doc_entry = last.doc_entry`);
}

/** The fault knobs (all off at start), the hooks the router and the query engine call, and the test helpers. */
export function createFaults(deps: FaultsDeps) {
  const { db, random } = deps;
  const faults = idleFaults();
  const held = new Set<ServerResponse>();
  const pagesServed = new Map<string, number>();
  const addDraft = (companyDb: string, draft: Row) => addDraftTo(deps, companyDb, draft);

  /**
   * Before anything else: the route's latency, then the balancer's HTML 502 page while `html502` lasts.
   * True when the request has been answered.
   */
  async function beforeRouting(res: ServerResponse, route: string): Promise<boolean> {
    const delay = faults.latencyMs + (faults.latencyByRoute[route] ?? 0);
    if (delay > 0) await sleep(delay);
    if (faults.html502 > 0) {
      faults.html502--;
      res.writeHead(502, { "content-type": "text/html; charset=iso-8859-1" });
      res.end(HTML_502);
      return true;
    }
    return false;
  }

  /** A request never answered (`timeoutRate`) or answered with a server error (`errorRate`). True when it was. */
  function serverFault(ctx: Ctx): boolean {
    const { res } = ctx;
    if (faults.timeoutRate > 0 && random() < faults.timeoutRate) {
      held.add(res); // never answered: the client's timeout is what ends it
      res.on("close", () => held.delete(res));
      return true;
    }
    if (faults.errorRate > 0 && random() < faults.errorRate) {
      if (faults.errorKind === "html503") {
        res.writeHead(503, { "content-type": "text/html; charset=iso-8859-1" });
        res.end(HTML_503);
        return true;
      }
      sendError(ctx, 500, -1, "Internal server error.");
      return true;
    }
    return false;
  }

  /** After a page of a collection is computed: insertDuringPaging, once, after its page. */
  async function pageServed(setName: string, bd: string): Promise<void> {
    const plan = faults.insertDuringPaging;
    if (plan && (plan.entity ?? "PurchaseOrders") === setName) {
      const served = (pagesServed.get(setName) ?? 0) + 1;
      pagesServed.set(setName, served);
      if (served === plan.afterPage) {
        faults.insertDuringPaging = null;
        pagesServed.delete(setName);
        // Page N is already computed; the row is committed before the client can ask for page N + 1.
        await (plan.run ? plan.run(bd) : insertOrderCopy(db, bd));
      }
    }
  }

  /** Ends the requests held open by `timeoutRate` (on close). */
  function releaseHeld() {
    for (const res of held) res.destroy();
  }

  return {
    faults,
    addDraft,
    insertOrderCopy: (bd: string) => insertOrderCopy(db, bd),
    beforeRouting,
    serverFault,
    pageServed,
    releaseHeld,
  };
}

export type Faults = ReturnType<typeof createFaults>;
