// The ERP port (what the portal asks of SAP Business One and what it gets back) lives with the simulated ERP in
// @portal/db (decision 030): the mock adapter there implements it, the Service Layer adapter here implements it too.
export * from "@portal/db/erp-port";
