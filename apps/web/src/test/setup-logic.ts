import { afterEach, beforeEach } from "vitest";
import { collectConsoleErrors, failOnConsoleErrors } from "./console-errors";

// The `logic` project (`*.test.ts`, Node, no DOM): only the console.error check of `setup.ts`.
beforeEach(collectConsoleErrors);
afterEach(failOnConsoleErrors);
