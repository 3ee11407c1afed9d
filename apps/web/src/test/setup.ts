import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { settleAll } from "./settle";

// findBy*/waitFor wait for what a real screen does asynchronously (a save, then its toast). On a loaded 2-core
// machine that can take longer than the library's 1 s default; this is a ceiling, not a timing assertion.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs Mantine uses.
if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    // Wide screen: `min-width` queries match, so the layout renders its desktop drawer.
    value: (query: string) => ({
      matches: query.includes("min-width"),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!("ResizeObserver" in window)) {
  Object.defineProperty(window, "ResizeObserver", { writable: true, value: ResizeObserverStub });
}
Element.prototype.scrollTo ??= () => {};
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= () => {};

// Tests fail on an unexpected console.error: React and the libraries report real bugs there (a missing key, an
// update after unmount) without failing anything. Errors are collected (a throw inside a library
// callback could be swallowed) and checked after each test; a test that expects one takes it with
// `takeConsoleErrors()`.
let consoleErrors: unknown[][] = [];

export function takeConsoleErrors(): unknown[][] {
  const taken = consoleErrors;
  consoleErrors = [];
  return taken;
}

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(async () => {
  cleanup();
  await settleAll();
  const unexpected = takeConsoleErrors();
  if (unexpected.length > 0) {
    throw new Error(`console.error inesperado:\n${unexpected.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: resetting jsdom's cookies between tests
    if (name) document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
});
