import { INVITACION_MSG, type InvitacionRow } from "@portal/contracts";
import { MUESTRAS } from "@portal/contracts/muestras";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { describe, expect, it } from "vitest";
import { Route } from "../../../routes/invitaciones.lazy";
import { fakeCalls, sessionOf } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";

const REGISTRADA = MUESTRAS.getInvitaciones.answer.data[0] as InvitacionRow;
const INVITADA: InvitacionRow = {
  ...REGISTRADA,
  IdInvitacion: 8,
  RFC: "VIN200220JK0",
  Estatus: "invitada",
  version: 1,
};
const Screen = Route.options.component as ComponentType;
const render = () => renderScreen(<Screen />, { path: "/Invitaciones", session: sessionOf("administrador") });

describe("/Invitaciones (decision 070)", () => {
  it("lists the invitations; only a registration waiting for a decision can be approved, with its version", async () => {
    const calls = fakeCalls({
      getInvitaciones: [REGISTRADA, INVITADA],
      approveRegistro: { body: MUESTRAS.approveRegistro.answer },
      proveedoresGetSociedades: [],
    });
    render();
    await screen.findByText(INVITADA.RFC);
    const table = screen.getByRole("table", { name: INVITACION_MSG.titulo });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const fila = rows.find((r) => r.textContent?.includes(REGISTRADA.RFC))!;
    expect(fila.textContent).toContain(INVITACION_MSG.estatus.registrada);
    const otra = rows.find((r) => r.textContent?.includes(INVITADA.RFC))!;
    expect(within(otra).queryByRole("button", { name: INVITACION_MSG.botonAprobar })).toBeNull();
    fireEvent.click(within(fila).getByRole("button", { name: INVITACION_MSG.botonAprobar }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("/api/invitaciones/approveRegistro"))).toBe(true));
    const aprobacion = calls.find((c) => c.url.endsWith("/api/invitaciones/approveRegistro"));
    expect(aprobacion?.body).toEqual({ IdInvitacion: REGISTRADA.IdInvitacion, version: REGISTRADA.version });
  });
});
