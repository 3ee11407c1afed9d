export * from "./auth";
export * from "./codes";
export * from "./common";
export * from "./home";
export * from "./messages";
