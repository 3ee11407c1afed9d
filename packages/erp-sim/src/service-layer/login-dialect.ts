/**
 * How a Service Layer refuses a Login, by version (fidelity finding F10):
 * - "fp2608" (10.0 FP 2608, `Version` 1000340; NOTES of the fidelity review): HTTP 401, a wrong user or password
 *   code -304, an unknown company database -306, both with the text "Fail to NONE-SSO login from SLD.";
 * - "9.3" (a 9.3 HANA Service Layer, `Version` 930230; REC-BE `tests/ApiTestCase.php`): HTTP 401 with code
 *   100000027 and "Login failed", or for an unknown company database "company not exist in company object cache :
 *   server(…) company(…)".
 * The portal must not depend on the code: it decides on "401 from Login" (apps/api/src/erp/service-layer/client.ts).
 */
export type LoginErrorDialect = "fp2608" | "9.3";

export function loginRefusal(
  dialect: LoginErrorDialect,
  knownCompanyDb: boolean,
  companyDb: string,
): { code: number; message: string } {
  if (dialect === "9.3") {
    return {
      code: 100000027,
      message: knownCompanyDb
        ? "Login failed"
        : `company not exist in company object cache : server(hana-sim:30015) company(${companyDb})`,
    };
  }
  return { code: knownCompanyDb ? -304 : -306, message: "Fail to NONE-SSO login from SLD." };
}
