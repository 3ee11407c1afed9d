import { readConceptos } from "@portal/cfdi";
import type { EntradaFactura } from "@portal/contracts";
import { useEffect, useState } from "react";
import { totalCoincide } from "../entrada-opciones";
import { type Cantidades, parteCoincide, proposeCantidades, todoLoQueQueda, totalDeLaParte } from "../entrada-partes";
import type { XmlLeido } from "../entradas-xml";

interface EstadoPartes {
  /** The supplier switched 'bill part of this receipt' on. */
  isOn: boolean;
  cantidades: Cantidades;
  /** The quantities are the proposal read from the XML's concepts (until the supplier edits one). */
  isProposed: boolean;
}
const INICIAL: EstadoPartes = { isOn: false, cantidades: {}, isProposed: false };

/** The XML's concepts as quantities of the chosen receipts' lines, when every concept names one of them. */
const proposalOf = (xml: XmlLeido | null, elegidas: readonly EntradaFactura[]): Cantidades | null =>
  xml ? proposeCantidades(readConceptos(xml.texto), elegidas) : null;

/**
 * The XML matches a part of the chosen receipts, not their whole: what lets the form keep the files (and bill that
 * part) instead of clearing them when the receipts add up to more than the XML.
 */
export function matchesPartOnly(xml: XmlLeido, elegidas: readonly EntradaFactura[]): Cantidades | null {
  const suma = totalDeLaParte(elegidas, todoLoQueQueda(elegidas));
  const propuesta = proposalOf(xml, elegidas);
  if (!propuesta || totalCoincide(suma, xml.datos)) return null;
  return parteCoincide(elegidas, propuesta, xml.datos) ? propuesta : null;
}

/**
 * Issue 42 part 3 (decision 074): 'bill part of this receipt' in 'Registro de la facturación'. Offered when the chosen
 * receipts have lines; forced on when one of them is already billed in parts. Switched on, the quantities start from
 * the XML's concepts when they name the receipts' lines, else from everything left to bill. An XML that matches a
 * part of the chosen receipts (and not their whole) switches it on with that proposal.
 */
export function useFacturaPartes(elegidas: readonly EntradaFactura[], leido: XmlLeido | null) {
  const [estado, setEstado] = useState<EstadoPartes>(INICIAL);
  const isAvailable = elegidas.some((e) => (e.Lineas ?? []).length > 0);
  const isForced = elegidas.some((e) => e.EnPartes === true);
  const isOn = isAvailable && (estado.isOn || isForced);
  const clave = elegidas.map((e) => e.DocEntry).join(",");

  // A new XML or new receipts (`clave` stands for them): the XML's part, when it matches one, is proposed and on.
  useEffect(() => {
    if (!leido || elegidas.length === 0) return;
    const propuesta = matchesPartOnly(leido, elegidas) ?? (isForced ? proposalOf(leido, elegidas) : null);
    if (propuesta) setEstado({ isOn: true, cantidades: propuesta, isProposed: true });
  }, [leido, clave]);
  // Receipts already billed in parts are billed by quantities only: start from what is left.
  useEffect(() => {
    if (isForced && !estado.isOn) setEstado({ isOn: true, cantidades: todoLoQueQueda(elegidas), isProposed: false });
  }, [isForced, clave]);

  const toggle = (on: boolean) => {
    if (!on) return setEstado(INICIAL);
    const propuesta = proposalOf(leido, elegidas);
    setEstado({ isOn: true, cantidades: propuesta ?? todoLoQueQueda(elegidas), isProposed: propuesta !== null });
  };
  const setCantidad = (claveLinea: string, valor: string) =>
    setEstado((s) => ({ ...s, cantidades: { ...s.cantidades, [claveLinea]: valor }, isProposed: false }));
  return {
    isAvailable,
    isForced,
    isOn,
    cantidades: estado.cantidades,
    isProposed: estado.isProposed,
    toggle,
    setCantidad,
    reset: () => setEstado(INICIAL),
  };
}

export type FacturaPartesState = ReturnType<typeof useFacturaPartes>;
