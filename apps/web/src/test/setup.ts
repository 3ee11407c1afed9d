import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { forgetListSearches } from "../lib/list-search";
import { session } from "../lib/session";
import { collectConsoleErrors, failOnConsoleErrors } from "./console-errors";
import { disposeAll, settleAll } from "./settle";

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

export { takeConsoleErrors } from "./console-errors";

function clearCookies(): void {
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: resetting jsdom's cookies between tests
    if (name) document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}

// The `dom` project runs its files without isolation (decision 052): a worker keeps one window and one module
// graph for all its files. This setup runs before each file; it gives the file what a fresh jsdom and fresh modules
// gave it: no cookies, empty storages, no remembered list states, an empty page.
clearCookies();
session.sync();
window.sessionStorage.clear();
window.localStorage.clear();
forgetListSearches();
document.title = "";

beforeEach(collectConsoleErrors);

afterEach(async () => {
  // Settle first, still mounted (src/test/settle.ts), then unmount and let go of the renders' query caches.
  await settleAll();
  cleanup();
  disposeAll();
  failOnConsoleErrors();
  clearCookies();
});
