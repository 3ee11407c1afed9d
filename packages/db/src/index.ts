export * from "./archivos";
export * from "./client";
export * from "./clock";
export * from "./crypto";
export * from "./encryption-key";
export * from "./migrate";
export * from "./password";
export * as schema from "./schema/index";
export * from "./transaction";
