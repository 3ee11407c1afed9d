// The ERP port (what the portal asks of SAP Business One and what it gets back) is a package of its own, @portal/erp
// (decision 044): the mock adapter in @portal/db implements it, the Service Layer adapter here implements it too.
export * from "@portal/erp";
