import { DESCARGA_MSG, type SociedadRow } from "@portal/contracts";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import { renderApp } from "../../../test/render-app";

// File reads and the upload are asynchronous round trips; give them room on a busy machine.
configure({ asyncUtilTimeout: 4000 });

const ROWS: SociedadRow[] = [
  {
    Fila: 1,
    IdSociedad: 4,
    NomSociedad: "ESCUELA KEMPER URGATE, S.A. DE C.V.",
    RFC: "EKU9003173C9",
    Regimen: "601",
    CP: "1000",
    Estatus: "A",
    UsuarioSAP: "manager",
    PassSAP: "",
    BDSAP: "SBO_EKU",
    Constancia: "/api/archivos/eku",
  },
  {
    Fila: 2,
    IdSociedad: 7,
    NomSociedad: "KIJ, S.A DE C.V.",
    RFC: "KIJ0906199R1",
    Regimen: "603",
    CP: "59820",
    Estatus: "A",
    UsuarioSAP: "manager",
    PassSAP: "",
    BDSAP: "SBO_KIJ",
    Constancia: "",
    EfirmaVence: "2027-05-17",
    EfirmaCertificado: "30001000000500003415",
  },
];

const seccion = () => screen.getByRole("region", { name: "e.firma" });
const input = (accept: string) => seccion().querySelector<HTMLInputElement>(`input[accept="${accept}"]`)!;
/** The form opens from the loaded catalogue (the route goes back to it otherwise). */
async function openSociedad(nombre: RegExp) {
  renderApp("/Catalogo-Sociedades");
  const table = await screen.findByRole("table", { name: "Catálogo de sociedades" });
  fireEvent.doubleClick(await within(table).findByRole("row", { name: nombre }));
}

const archivo = (bytes: number[], name: string) => new File([new Uint8Array(bytes)], name);

describe("the sociedad's e.firma (issue 43 §1)", () => {
  it("uploads the certificate, key and password and then shows only its expiry and certificate number", async () => {
    signInAs("administrador");
    const calls = fakeCalls({
      rowSociedades: ROWS,
      uploadEfirmaSociedad: {
        body: {
          status: "success",
          message: DESCARGA_MSG.efirmaGuardada("2027-05-17"),
          data: { Vence: "2027-05-17T04:37:14.000Z", NumeroCertificado: "30001000000500003415" },
        },
      },
    });
    await openSociedad(/ESCUELA KEMPER/);
    await screen.findByText("No hay e.firma cargada.");
    // Nothing picked: the contract's sentences, and nothing sent.
    fireEvent.click(within(seccion()).getByRole("button", { name: "Cargar e.firma" }));
    await screen.findByText("Debe cargar el certificado (.cer) de la e.firma.");
    expect(screen.getByText("Debe cargar la llave privada (.key) de la e.firma.")).not.toBeNull();
    expect(screen.getByText("El campo Contraseña es obligatorio.")).not.toBeNull();

    fireEvent.change(input(".cer"), { target: { files: [archivo([1, 2, 3], "eku.cer")] } });
    fireEvent.change(input(".key"), { target: { files: [archivo([4, 5, 6], "eku.key")] } });
    fireEvent.change(within(seccion()).getByLabelText("Contraseña de la llave privada"), {
      target: { value: "12345678a" },
    });
    fireEvent.click(within(seccion()).getByRole("button", { name: "Cargar e.firma" }));
    await screen.findByText(DESCARGA_MSG.efirmaGuardada("2027-05-17"));
    expect(calls.find((c) => c.url.endsWith("/uploadEfirma"))?.body).toEqual({
      Numero: 4,
      Certificado: "AQID",
      Llave: "BAUG",
      Contraseña: "12345678a",
    });
    await waitFor(() =>
      expect(seccion().textContent).toContain("Vence el 2027-05-17. Certificado 30001000000500003415."),
    );
    // The password is forgotten once the server answered.
    expect((within(seccion()).getByLabelText("Contraseña de la llave privada") as HTMLInputElement).value).toBe("");
  });

  it("shows the server's Spanish refusal", async () => {
    signInAs("administrador");
    fakeCalls({
      rowSociedades: ROWS,
      uploadEfirmaSociedad: { status: 400, body: { status: "error", message: DESCARGA_MSG.efirmaIlegible } },
    });
    await openSociedad(/ESCUELA KEMPER/);
    await screen.findByText("No hay e.firma cargada.");
    fireEvent.change(input(".cer"), { target: { files: [archivo([1, 2, 3], "eku.cer")] } });
    fireEvent.change(input(".key"), { target: { files: [archivo([4, 5, 6], "eku.key")] } });
    fireEvent.change(within(seccion()).getByLabelText("Contraseña de la llave privada"), {
      target: { value: "otra" },
    });
    fireEvent.click(within(seccion()).getByRole("button", { name: "Cargar e.firma" }));
    await screen.findByText(DESCARGA_MSG.efirmaIlegible);
    expect(seccion().textContent).toContain("No hay e.firma cargada.");
  });

  it("shows a general employee the stored expiry and certificate number, without the upload", async () => {
    signInAs("consulta");
    fakeCalls({ rowSociedades: ROWS });
    await openSociedad(/KIJ/);
    await screen.findByText("Vence el 2027-05-17. Certificado 30001000000500003415.");
    expect(within(seccion()).queryByRole("button", { name: "Cargar e.firma" })).toBeNull();
    expect(seccion().querySelector('input[type="file"]')).toBeNull();
  });
});
