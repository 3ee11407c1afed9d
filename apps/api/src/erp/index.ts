export { erpPdfPolicy } from "./pdf-policy";
export { createErpScopeResolver, type ErpScopeResolver, type PortalErpScope } from "./scope";
export type * from "./types";
export { ErpRechazoError } from "./types";
