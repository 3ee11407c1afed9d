import { vi } from "vitest";

// Tests fail on an unexpected console.error: React and the libraries report real bugs there (a missing key, an
// update after unmount) without failing anything. Errors are collected (a throw inside a library
// callback could be swallowed) and checked after each test; a test that expects one takes it with
// `takeConsoleErrors()`. Both setups (`setup.ts` for jsdom, `setup-logic.ts` for Node) use these.
let consoleErrors: unknown[][] = [];

export function takeConsoleErrors(): unknown[][] {
  const taken = consoleErrors;
  consoleErrors = [];
  return taken;
}

/** Before each test: start collecting console.error calls. */
export function collectConsoleErrors(): void {
  consoleErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
}

/** After each test: fail when a console.error was not taken by the test. */
export function failOnConsoleErrors(): void {
  const unexpected = takeConsoleErrors();
  if (unexpected.length > 0) {
    throw new Error(`console.error inesperado:\n${unexpected.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
}
