import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { useCallback, useMemo } from "react";
import { ScreenTitle } from "../components/screen-title";
import {
  FacturaDetalle,
  type RenderNotasCredito,
  type RenderQuitarBloqueo,
  type RenderReintentarErp,
} from "../features/facturas/components/factura-detalle";
import { QuitarBloqueoPagoButton } from "../features/facturas-pendientes/components/quitar-bloqueo-pago";
import { RetryBloqueoErpButton } from "../features/facturas-pendientes/components/reintentar-bloqueo-erp-button";
import { RetryErpButton } from "../features/facturas-pendientes/components/reintentar-erp-button";
import { NotasCreditoFactura } from "../features/notas-credito/components/notas-credito-factura";
import { canSeePendientes } from "../lib/permissions";

function Screen() {
  const { id } = Route.useParams();
  const { session: current } = Route.useRouteContext();
  const navigate = useNavigate();
  const backToList = useCallback(() => void navigate({ to: "/MisFacturas" }), [navigate]);
  // Issue 13: retrying the ERP is part of the invoice review, so only its reviewers get the button.
  const isRevisor = canSeePendientes(current);
  const { id: usuario, operador } = current;
  const renderReintentarErp = useMemo<RenderReintentarErp | undefined>(
    () => (isRevisor ? (row) => <RetryErpButton operator={{ id: usuario, operador }} row={row} /> : undefined),
    [isRevisor, usuario, operador],
  );
  // Issue 36 (decision 038): lifting a payment block by hand is accounts payable's, the same reviewers.
  const renderQuitarBloqueo = useMemo<RenderQuitarBloqueo | undefined>(
    () => (isRevisor ? (row) => <QuitarBloqueoPagoButton operator={{ id: usuario, operador }} row={row} /> : undefined),
    [isRevisor, usuario, operador],
  );
  // Issue 36: the payment block's ERP job, likewise.
  const renderReintentarBloqueoErp = useMemo<RenderReintentarErp | undefined>(
    () => (isRevisor ? (row) => <RetryBloqueoErpButton operator={{ id: usuario, operador }} row={row} /> : undefined),
    [isRevisor, usuario, operador],
  );
  // Issue 27: the invoice's credit notes, a slot of the detail (decision 054: the invoices' feature does not import
  // the credit notes').
  const renderNotasCredito = useCallback<RenderNotasCredito>(
    (row) => <NotasCreditoFactura session={current} idFactura={row.IdFactura} />,
    [current],
  );
  return (
    <>
      <ScreenTitle documentTitle="Datos generales de la factura">Datos generales</ScreenTitle>
      <FacturaDetalle
        session={current}
        fila={id}
        onDone={backToList}
        renderReintentarErp={renderReintentarErp}
        renderQuitarBloqueo={renderQuitarBloqueo}
        renderReintentarBloqueoErp={renderReintentarBloqueoErp}
        renderNotasCredito={renderNotasCredito}
      />
    </>
  );
}

export const Route = createLazyRoute("/MisFacturas/MiFactura/$id")({ component: Screen });
