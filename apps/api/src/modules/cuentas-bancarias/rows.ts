import {
  type CuentaBancariaDatos,
  type CuentaBancariaRow,
  SOLICITUD_CUENTA_MSG,
  type SolicitudCuentaRow,
} from "@portal/contracts";
import type { ErpCuentaBancaria } from "../../erp/types";
import { archivoUrl } from "../archivos/service";
import type { CuentaBancaria, SolicitudCuenta, SolicitudListada } from "./repository";

type Datos = Pick<
  CuentaBancaria,
  | "tipo"
  | "clabe"
  | "iban"
  | "numeroCuenta"
  | "swift"
  | "aba"
  | "pais"
  | "bancoCodigo"
  | "bancoNombre"
  | "titular"
  | "moneda"
  | "archivoId"
  | "archivoNombre"
>;

export const datosRow = (d: Datos): CuentaBancariaDatos => ({
  Tipo: d.tipo === "extranjera" ? "extranjera" : "clabe",
  CLABE: d.clabe,
  IBAN: d.iban,
  NumeroCuenta: d.numeroCuenta,
  SWIFT: d.swift,
  ABA: d.aba,
  Pais: d.pais,
  BancoCodigo: d.bancoCodigo,
  Banco: d.bancoNombre,
  Titular: d.titular,
  Moneda: d.moneda,
  Archivo: archivoUrl(d.archivoId),
  ArchivoNombre: d.archivoNombre,
});

export const cuentaRow = (c: CuentaBancaria): CuentaBancariaRow => ({
  ...datosRow(c),
  Id: c.id,
  AprobadaEl: c.aprobadaAt.toISOString(),
});

export const solicitudRow = (
  s: SolicitudListada,
  cuentaActual: CuentaBancaria | undefined,
  canDecide: boolean,
): SolicitudCuentaRow => ({
  ...datosRow(s),
  Id: s.id,
  CardCode: s.cardCode,
  Proveedor: s.proveedor,
  Estatus: s.estatus === "aprobada" ? "aprobada" : s.estatus === "rechazada" ? "rechazada" : "pendiente",
  CapturadaPor: s.capturadaPor,
  CapturadaEl: s.createdAt.toISOString(),
  Revisor: s.revisor,
  DecididaEl: s.decididaAt ? s.decididaAt.toISOString() : "",
  Motivo: s.motivo,
  Version: s.version,
  CuentaActual: cuentaActual ? datosRow(cuentaActual) : null,
  PuedeDecidir: canDecide,
});

/** The account's number as people read it: the CLABE, the IBAN or the foreign account's number. */
export const numeroDe = (d: Pick<Datos, "clabe" | "iban" | "numeroCuenta">): string =>
  d.clabe || d.iban || d.numeroCuenta;

/** How mails and audit entries name an account: kind, bank, last four digits, currency (never the whole number). */
export const cuentaNombrada = (d: Datos): string =>
  SOLICITUD_CUENTA_MSG.cuentaNombrada(d.tipo, d.bancoNombre || d.bancoCodigo, numeroDe(d), d.moneda);

/**
 * The account as SAP's BPBankAccounts line has it (decision 069): a CLABE goes whole in AccountNo, its bank (ABM code)
 * in BankCode, its plaza in Branch and its check digit in ControlKey, Country MX; a foreign account its number (or
 * IBAN) in AccountNo, the IBAN, the SWIFT (BankCode its first four letters) and the ABA number.
 */
export const erpCuentaOf = (c: Datos & Pick<SolicitudCuenta, "cardCode">, titular: string): ErpCuentaBancaria =>
  c.tipo === "clabe"
    ? {
        country: "MX",
        bankCode: c.clabe.slice(0, 3),
        accountNo: c.clabe,
        iban: "",
        bicSwiftCode: "",
        abaRoutingNumber: "",
        accountName: titular,
        branch: c.clabe.slice(3, 6),
        controlKey: c.clabe.slice(17, 18),
      }
    : {
        country: c.pais,
        bankCode: c.swift.slice(0, 4),
        accountNo: c.numeroCuenta || c.iban,
        iban: c.iban,
        bicSwiftCode: c.swift,
        abaRoutingNumber: c.aba,
        accountName: titular,
        branch: "",
        controlKey: "",
      };
