import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Database } from "@portal/db";
import { PORTAL_USER_FIELDS as PORTAL_FIELDS } from "@portal/erp";
import { type ApprovalTarget, createApprovals } from "./approvals";
import { createAttachments } from "./attachments";
import { type Catalog, createCatalog } from "./catalog";
import { type CurrencyOptions, createCurrencies } from "./currency";
import { createCurrencyColumns } from "./currency-columns";
import { ENTITY_SETS } from "./entities";
import { createFaults, type SimulatorFaults } from "./faults";
import type { Row } from "./filter";
import { createHeaderCache, type HeaderCache } from "./header-cache";
import { JSON_TYPE } from "./http";
import { createPostingPeriods, type SimulatorPostingPeriod } from "./posting-periods";
import { createQuery } from "./query";
import { createRouter } from "./router";
import { createSessions } from "./sessions";
import type { WithholdingCode } from "./totals";
import { createWrites, type UserFieldInput } from "./writes";

export type { ApprovalTarget } from "./approvals";
export type { CompanyCurrencySetup, SimulatorCurrency } from "./currency";
export type { InsertDuringPaging, SimulatorFaults } from "./faults";
export type { PostingPeriodStatus, SimulatorPostingPeriod } from "./posting-periods";
export type { WithholdingCode } from "./totals";

/**
 * A local SAP Business One Service Layer over the `erp_mock` tables the seed fills (one copy of the demo data: the
 * simulator reads AND writes those tables), for the Service Layer adapter's tests, the benchmark and the demo.
 * `/b1s/v2/` (OData v4, the default) and `/b1s/v1/` (OData v3 dialect: `odata.*` annotations, numeric error codes)
 * are both served. Behaviour follows SAP's manual (Working with SAP Business One Service Layer, v1.22) as
 * summarised in docs/erp-service-layer.md ("Wire contract between the adapter and the simulator").
 *
 * Speed: collections are filtered, ordered and paged over compact header rows cached per entity set and company
 * database, invalidated by a fingerprint query (count + max(version)); line collections are loaded only for the
 * rows of the page being answered. UpdateDate/UpdateTime come from erp_mock.sl_cambios, refreshed in one
 * statement per kind whenever the fingerprint moves, so a change made by ANY path (these writes, `npm run erp`,
 * a test updating erp_mock) bumps the stamp.
 */

export interface SimulatorCredentials {
  companyDb: string;
  userName: string;
  password: string;
}

/** A user-defined field as UserFieldsMD describes it. */
export type SimulatorUserField = UserFieldInput;

/** The portal's user fields (user-fields.ts, the list `npm run sap -- campos` creates): present unless `userFields` says otherwise. */
export const PORTAL_USER_FIELDS: SimulatorUserField[] = PORTAL_FIELDS.map((f) => ({
  TableName: f.table,
  Name: f.name,
  Type: f.type,
  Size: f.editSize,
  EditSize: f.editSize,
  Description: f.description,
}));

export interface SimulatorOptions extends CurrencyOptions {
  db: Database;
  /** Accepted logins; any other CompanyDB/UserName/Password answers -304 (-306 for an unknown CompanyDB). */
  credentials: SimulatorCredentials[];
  clock: () => Date;
  /** Idle timeout in minutes (SAP's default 30). */
  sessionTimeoutMinutes?: number;
  /** 0 (default) takes a free port. */
  port?: number;
  /** User fields present at start (default PORTAL_USER_FIELDS). */
  userFields?: SimulatorUserField[];
  /** Random source of `errorRate`/`timeoutRate` (default Math.random). */
  random?: () => number;
  /**
   * The payment block reasons (OPYB AbsEntry) a PaymentBlockEntry may name (default [1]); any other is refused as
   * SAP refuses a link to nothing.
   */
  paymentBlockEntries?: readonly number[];
  /** F3: posting periods (OFPR) by company database; none (default) means every date is open. */
  postingPeriods?: Record<string, readonly SimulatorPostingPeriod[]>;
  /** F3: whether the simulator's SAP user may post into a period in status ltPeriodClosing (default false). */
  periodClosingAuthorized?: boolean;
  /**
   * Issue 37 (F2): entity sets under an approval procedure: their POSTs become pending drafts (approvals.ts).
   * Default none.
   */
  approvalFor?: readonly ApprovalTarget[];
  /** Issue 37 (F4): business partners' withholding codes (SAP: the BP's WT setup), e.g. RESICO ISR 1.25 %. */
  withholding?: readonly { companyDb: string; cardCode: string; codes: WithholdingCode[] }[];
}

export interface ServiceLayerSimulator {
  /** v2 service root, e.g. http://127.0.0.1:40123/b1s/v2/ */
  url: string;
  /** v1 service root, e.g. http://127.0.0.1:40123/b1s/v1/ */
  urlV1: string;
  faults: SimulatorFaults;
  /** Login attempts received, successful or not. */
  loginCount(): number;
  /** Requests received for a route (entity set, `Login`, `Logout`…), or in total. */
  requestCount(route?: string): number;
  resetCounts(): void;
  /** Invalidates every open session now (the next call answers 401 code 301). */
  expireAllSessions(): void;
  /**
   * ORTT: the rate of `currency` (a company code) on `date` in `companyDb` (every one when omitted); `null` = no rate
   * that day (a foreign-currency A/P invoice posted that day without DocRate is refused). Issue 37, currency.ts.
   */
  setRate(currency: string, date: string, rate: number | null, companyDb?: string): void;
  /** Adds a draft (ODRF) to a company database; returns its DocEntry. */
  addDraft(companyDb: string, draft: Row): number;
  /** F3: replaces the posting periods of a company database (an empty list: every date open). */
  setPostingPeriods(companyDb: string, periods: readonly SimulatorPostingPeriod[]): void;
  /**
   * Issue 37 (F2): the approvers approve the draft (`dasApproved`); with `addDocument` an authorizer also adds the
   * document from it (`dasGeneratedbyAuthorizer`) and its DocEntry is returned, else the originator (the portal, by
   * `DraftsService_SaveDraftToDocument`) adds it and null is returned.
   */
  approveDraft(companyDb: string, docEntry: number, options?: { addDocument?: boolean }): Promise<number | null>;
  /** Issue 37 (F2): the approver rejects the draft (`dasRejected`). */
  rejectDraft(companyDb: string, docEntry: number): void;
  /** Issue 37 (F2): which entity sets are under an approval procedure from now on. */
  setApprovalFor(sets: readonly ApprovalTarget[]): void;
  /** Issue 37 (F4): business partner `cardCode`'s withholding codes from now on. */
  setWithholding(companyDb: string, cardCode: string, codes: WithholdingCode[]): void;
  /** Restarts the Service Layer: user fields created since become document properties; sessions survive. */
  restart(): void;
  /**
   * Reads every entity set of these company databases once, with their lines, as a Service Layer that has been
   * running has them at hand: the simulator's own first read of erp_mock (its change stamps, header and line caches)
   * is then not part of what a benchmark of the portal measures.
   */
  prepare(companyDbs: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * The simulator, composed of its parts, each a `createX(deps)` in this folder (decision 044): catalog.ts (the
 * entity sets, Drafts and UserFieldsMD), faults.ts (the knobs and their hooks), header-cache.ts (header rows and
 * line collections), query.ts (the OData reads), attachments.ts (Attachments2), writes.ts (POST/PATCH/actions),
 * sessions.ts (Login, Logout, expiry, counts) and router.ts (one request).
 */
export async function startServiceLayerSimulator(options: SimulatorOptions): Promise<ServiceLayerSimulator> {
  const parts = composeParts(options);
  const { catalog, hooks, currencies, headers, sessions, postingPeriods, approvals, writes } = parts;
  const server = await listen(parts.handle, options.port ?? 0);
  return {
    url: `http://127.0.0.1:${server.port}/b1s/v2/`,
    urlV1: `http://127.0.0.1:${server.port}/b1s/v1/`,
    faults: hooks.faults,
    loginCount: sessions.loginCount,
    requestCount: sessions.requestCount,
    resetCounts: sessions.resetCounts,
    expireAllSessions: sessions.expireAllSessions,
    addDraft: hooks.addDraft,
    setRate: currencies.setRate,
    setPostingPeriods: postingPeriods.set,
    approveDraft: async (bd, docEntry, o) => {
      approvals.approve(bd, docEntry);
      return o?.addDocument ? approvals.saveDraftToDocument(bd, docEntry, writes.insertDocument, true) : null;
    },
    rejectDraft: approvals.reject,
    setApprovalFor: approvals.setApprovalFor,
    setWithholding: approvals.setWithholding,
    restart: catalog.restart,
    prepare: (companyDbs) => prepareSets(catalog, headers, companyDbs),
    close: () => {
      hooks.releaseHeld();
      return server.close();
    },
  };
}

/** The simulator's parts over one set of options, and the router's `handle` of one request. */
function composeParts(options: SimulatorOptions) {
  const db = options.db;
  const catalog = createCatalog(options.userFields ?? PORTAL_USER_FIELDS);
  const hooks = createFaults({
    db,
    clock: options.clock,
    random: options.random ?? Math.random,
    drafts: catalog.drafts,
  });
  const { faults, addDraft } = hooks;
  const currencies = createCurrencies(options);
  const columns = createCurrencyColumns(currencies);
  const headers = createHeaderCache({ db, clock: options.clock, catalog, columns });
  const query = createQuery({ faults, pageServed: hooks.pageServed, catalog, headers });
  const sessions = createSessions({
    credentials: options.credentials,
    clock: options.clock,
    timeoutMinutes: options.sessionTimeoutMinutes ?? 30,
    faults,
  });
  const postingPeriods = createPostingPeriods({
    initial: options.postingPeriods,
    closingAuthorized: options.periodClosingAuthorized,
  });
  const approvals = createApprovals({
    db,
    drafts: catalog.drafts,
    addDraft,
    approvalFor: options.approvalFor ?? [],
    withholding: options.withholding ?? [],
    currencies,
  });
  const writes = createWrites({
    db,
    clock: options.clock,
    paymentBlockEntries: new Set(options.paymentBlockEntries ?? [1]),
    faults,
    sets: catalog.sets,
    propertiesOf: catalog.propertiesOf,
    headersOf: headers.headersOf,
    findByKey: headers.findByKey,
    entityAnswer: query.entityAnswer,
    userFields: catalog.userFields,
    addUserField: catalog.addUserField,
    addDraft,
    drafts: catalog.drafts,
    currencies,
    checkPostingDate: postingPeriods.checkPostingDate,
    approvals,
  });
  const attachments = createAttachments({ db });
  const { handle } = createRouter({
    faults: hooks,
    sessions,
    sets: catalog.sets,
    attachments,
    query,
    writes,
    currencies,
    postingPeriods,
    db,
  });
  return { catalog, hooks, currencies, headers, sessions, postingPeriods, approvals, writes, handle };
}

/** The HTTP server on 127.0.0.1 (`port` 0: a free one); `close` ends every connection, open or held. */
async function listen(handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>, port: number) {
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { "content-type": JSON_TYPE });
        res.end(JSON.stringify({ error: { code: "-1", message: error instanceof Error ? error.message : "Error" } }));
      } else if (!res.writableEnded) res.destroy();
    });
  });
  const sockets = new Set<Socket>();
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        for (const s of sockets) s.destroy();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

/** Every entity set of these company databases read once, with their lines (ServiceLayerSimulator.prepare). */
async function prepareSets(
  catalog: Pick<Catalog, "draftSet" | "userFieldSet">,
  headers: Pick<HeaderCache, "headersOf" | "withLinesJson">,
  companyDbs: readonly string[],
): Promise<void> {
  for (const bd of companyDbs) {
    for (const set of ENTITY_SETS) {
      if (set === catalog.draftSet || set === catalog.userFieldSet) continue;
      const data = await headers.headersOf(set, bd);
      for (let i = 0; set.lineJson && i < data.rows.length; i += 2_000) {
        await headers.withLinesJson(set, bd, data.rows.slice(i, i + 2_000));
      }
    }
  }
}
