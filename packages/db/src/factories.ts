// Row factories over this package's own tables (the portal's and the simulated ERP's `erp_mock` ones) and the
// small PDF they attach: what the demo seed (@portal/seed), the ERP simulator's tests (@portal/erp-sim) and the API
// tests build their rows with. The seed that composes them into the demo world lives in packages/seed (decision 050).
export * from "./seed/factories";
export * from "./seed/factories-erp";
export { createSimplePdf } from "./seed/pdf";
