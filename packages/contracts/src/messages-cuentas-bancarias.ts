/**
 * A supplier's bank accounts (issue 41 item 1, decision 068): the refusals of a CLABE, an IBAN, a SWIFT/BIC and an
 * ABA routing number. Not in the spec; in the register of its messages.
 */
export const CUENTA_BANCARIA_MSG = {
  demasiadoLargo: (campo: string) => `El campo ${campo} admite como máximo 100 caracteres.`,
  clabeObligatoria: "Escriba la CLABE.",
  clabeSoloDigitos: "La CLABE solo puede tener dígitos (y espacios entre ellos).",
  clabeLargo: (digitos: number) => `La CLABE debe tener 18 dígitos; tiene ${digitos}.`,
  clabeDigitoVerificador: (esperado: number, encontrado: number) =>
    `El dígito verificador de la CLABE no es correcto: debería ser ${esperado} y es ${encontrado}.`,
  clabeBancoDesconocido: (codigo: string) =>
    `El código de banco ${codigo} de la CLABE no corresponde a ningún banco del catálogo de Banxico.`,
  ibanObligatorio: "Escriba el IBAN.",
  ibanCaracteres: "El IBAN solo puede tener letras, dígitos y espacios.",
  ibanFormato: "El IBAN debe empezar con las dos letras del país y dos dígitos de control (por ejemplo, DE89…).",
  ibanLargoPais: (pais: string, esperado: number, encontrado: number) =>
    `El IBAN de ${pais} debe tener ${esperado} caracteres; tiene ${encontrado}.`,
  ibanLargo: (encontrado: number) => `El IBAN debe tener entre 15 y 34 caracteres; tiene ${encontrado}.`,
  ibanDigitoControl: "El IBAN no es válido: su dígito de control no cuadra.",
  swiftObligatorio: "Escriba el código SWIFT (BIC).",
  swiftFormato:
    "El código SWIFT (BIC) debe tener 8 u 11 caracteres: 4 letras del banco, 2 letras del país, 2 letras o dígitos de la plaza y, opcionalmente, 3 letras o dígitos de la sucursal.",
  abaObligatorio: "Escriba el número ABA.",
  abaFormato: "El número ABA debe tener 9 dígitos.",
  abaDigitoControl: "El número ABA no es válido: su dígito de control no cuadra.",
} as const;
