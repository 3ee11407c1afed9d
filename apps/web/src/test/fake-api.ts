import { CALLS, type CallAnswer, type CallName, type CallSpec, type LoginData, type Operador } from "@portal/contracts";
import { type Session, session } from "../lib/session";
import { type FakeCall, fakeApi } from "./render-app";

/**
 * The web tests' one way to sign in and to answer API calls. Answers are written as the `data` of a call
 * (or a function of the request) and parsed with the call's answer schema from the contracts, so a fake
 * that drifts from the contract fails the test instead of passing against a shape the API never sends.
 */

/** The demo's operators, one per role (spec §6). */
export const ROLES = {
  administrador: {
    operador: "Empleado",
    login: { perfil: "A", nombre: "Administrador del Portal", token: "tok-a", id: "1", VisuDocPen: "Y" },
  },
  consulta: {
    operador: "Empleado",
    login: { perfil: "G", nombre: "Mariana López Torres", token: "tok-g", id: "2", VisuDocPen: "N" },
  },
  proveedor: {
    operador: "Proveedor",
    login: { perfil: "P", nombre: "ESCUELA KEMPER URGATE", token: "tok-p", id: "P00001", VisuDocPen: "N" },
  },
} as const satisfies Record<string, { operador: Operador; login: LoginData }>;

export type Role = keyof typeof ROLES;

/** Stores the role's session cookies, as a successful sign-in does; returns its login answer. */
export function signInAs(role: Role): LoginData {
  const { login, operador } = ROLES[role];
  session.storeLogin(login, operador);
  return login;
}

/** Signs in as `role` (signInAs) and returns the session a guarded route hands its screen (for renderScreen). */
export function sessionOf(role: Role): Session {
  const { login, operador } = ROLES[role];
  return session.storeLogin(login, operador);
}

type AnswerData<N extends CallName> = CallAnswer<N> extends { data: infer D } ? D : never;
/** A full answer (status and body) for the unhappy paths: errors, 401s. */
export interface RawAnswer {
  status?: number;
  body: unknown;
}
type Answer<N extends CallName> = AnswerData<N> | RawAnswer | undefined;
export type FakeAnswers = { [N in CallName]?: Answer<N> | ((call: FakeCall) => Answer<N>) };

const isRaw = (answer: unknown): answer is RawAnswer =>
  typeof answer === "object" && answer !== null && "body" in answer && !Array.isArray(answer);

/**
 * Replaces fetch: a call listed in `answers` has its request and its success answer (`{status, message, data}`)
 * checked by the contract; anything else 404s. Returns the calls made, for assertions on what was sent.
 */
export function fakeCalls(answers: FakeAnswers): FakeCall[] {
  const names = Object.keys(answers) as CallName[];
  return fakeApi((call) => {
    const name = names.find((candidate) => call.url.endsWith(CALLS[candidate].path));
    if (!name) return undefined;
    // A request the API would refuse (say, a review row without its Version) fails the test like an answer that
    // drifts from the contract: console.error is checked after each test. The fake answers as the API would.
    const { request } = CALLS[name] as CallSpec;
    const checked = request && call.body !== undefined ? request.safeParse(call.body) : null;
    if (checked && !checked.success) {
      console.error(`fake-api: ${name} envió una petición que no cumple el contrato`, checked.error.issues);
      return { status: 400, body: { status: "error", message: checked.error.issues[0]?.message ?? "" } };
    }
    const entry = answers[name];
    const answer = typeof entry === "function" ? entry(call) : entry;
    if (answer === undefined) return undefined;
    if (isRaw(answer)) return answer;
    const body = { status: "success", message: "OK", data: answer };
    CALLS[name].answer.parse(body);
    return { body };
  });
}
