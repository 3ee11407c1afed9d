import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
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

beforeEach(collectConsoleErrors);

afterEach(async () => {
  // Settle first, still mounted (src/test/settle.ts), then unmount and let go of the renders' query caches.
  await settleAll();
  cleanup();
  disposeAll();
  failOnConsoleErrors();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: resetting jsdom's cookies between tests
    if (name) document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
});
