import { loginRequestSchema, type Operador } from "@portal/contracts";

export interface LoginValues {
  usuario: string;
  password: string;
}

/**
 * Field errors from the contracts' login schema, so the web and the API say the same thing.
 *
 * Spec §5 notes that the original meant to flag an empty user field but, because of a wrongly cased
 * property name, never did; only an empty password was caught. Users expect both fields to be
 * marked, so both are validated here.
 */
export function validateLogin(values: LoginValues, operador: Operador): Partial<Record<keyof LoginValues, string>> {
  // The form sends the user name as typed less the blanks around it (a phone keyboard's trailing space); the API
  // itself compares it exactly (issue 36), so the check runs on what will be sent.
  const result = loginRequestSchema.safeParse({ ...values, usuario: values.usuario.trim(), operador });
  if (result.success) return {};
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === "usuario" || field === "password") && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
