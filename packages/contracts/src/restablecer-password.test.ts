import { describe, expect, it } from "vitest";
import { MSG } from "./messages";
import { RESTABLECER_MSG } from "./messages-restablecer";
import { PASSWORDS_COMUNES } from "./passwords-comunes";
import { passwordNuevaProblemas, restablecerPasswordRequestSchema } from "./restablecer-password";

const TOKEN = "q3Xv9w0bZ1kLmN2pR4sT6uV8yA_cD-eF3gH5iJ7kL9m";

describe("the new password chosen through a reset link (decision 067)", () => {
  it("accepts a long password of unrelated letters and digits", () => {
    expect(passwordNuevaProblemas("Tlacuache7Verde42")).toEqual([]);
    expect(passwordNuevaProblemas("x7k29fjW38q1z", ["mperez", "Mario Pérez Soto", "mperez@empresa.com.mx"])).toEqual(
      [],
    );
  });

  it("keeps the spec's rule and message: 4 to 30 letters and digits", () => {
    expect(passwordNuevaProblemas("Tlacuache-Verde-42")).toContain(MSG.passwordEmpleado);
    expect(passwordNuevaProblemas("Tlacuache7Verde42Tlacuache7Verde42")).toContain(MSG.passwordEmpleado);
  });

  it("asks for 12 characters at least: the demo's own password is too short", () => {
    expect(passwordNuevaProblemas("Portal2026")).toContain(RESTABLECER_MSG.passwordCorta);
    expect(passwordNuevaProblemas("Xk7wq2Lp9zR")).toEqual([RESTABLECER_MSG.passwordCorta]);
  });

  it.each([
    "Password2026",
    "Contrasena123456",
    "qwertyuiop123",
    "PortalProveedor1",
    "MexicoAmerica2010",
    "123456789012",
    "aaaaaaaaaaaa1",
    "abababababab",
  ])("refuses %s as common or easy to guess", (password) => {
    expect(passwordNuevaProblemas(password)).toContain(RESTABLECER_MSG.passwordComun);
  });

  it("refuses the account's user name, RFC, name or e-mail inside it, in any case", () => {
    expect(passwordNuevaProblemas("xx9EKU9003173C9", ["EKU9003173C9"])).toContain(RESTABLECER_MSG.passwordConIdentidad);
    expect(passwordNuevaProblemas("Zq7MPEREZ4kw2", ["mperez"])).toContain(RESTABLECER_MSG.passwordConIdentidad);
    expect(passwordNuevaProblemas("Zq7cobranza4kw2", ["facturacion@kemper.edu.mx, cobranza@kemper.edu.mx"])).toContain(
      RESTABLECER_MSG.passwordConIdentidad,
    );
    expect(passwordNuevaProblemas("Zq7Kemper4kw2xy", ["ESCUELA KEMPER URGATE"])).toContain(
      RESTABLECER_MSG.passwordConIdentidad,
    );
  });

  it("the list is lower case words of four letters or more", () => {
    for (const palabra of PASSWORDS_COMUNES) expect(palabra).toMatch(/^[a-zñ0-9]{4,}$/);
  });

  it("the request schema answers each failing check on the password field", () => {
    const result = restablecerPasswordRequestSchema.safeParse({ token: TOKEN, password: "portal" });
    const messages = result.error?.issues.filter((i) => i.path[0] === "password").map((i) => i.message);
    expect(messages).toEqual([RESTABLECER_MSG.passwordCorta, RESTABLECER_MSG.passwordComun]);
    const token = restablecerPasswordRequestSchema.safeParse({ token: `${TOKEN}x`, password: "Tlacuache7Verde42" });
    expect(token.error?.issues.map((i) => i.message)).toEqual([RESTABLECER_MSG.enlaceInvalido]);
  });
});
