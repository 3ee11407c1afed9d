import { afterEach, describe, expect, it } from "vitest";
import { focusAfterNavigation, keepFocusWhenToastsClose } from "./focus";

const page = (html: string) => {
  document.body.innerHTML = html;
};
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

afterEach(() => {
  document.body.innerHTML = "";
});

describe("focus after a navigation", () => {
  it("moves to the new screen's main heading, out of the tab order", async () => {
    page(`<nav><a href="/Pedidos" id="link">Pedidos</a></nav><main><h1>Pedidos</h1><input id="q" /></main>`);
    document.getElementById("link")?.focus();
    focusAfterNavigation({ fromLocation: { pathname: "/Home" }, pathChanged: true });
    await nextFrame();
    const heading = document.querySelector("h1");
    expect(document.activeElement).toBe(heading);
    expect(heading?.getAttribute("tabindex")).toBe("-1");
  });

  it("waits for a heading that appears a moment later (a lazy screen)", async () => {
    page(`<main></main>`);
    focusAfterNavigation({ fromLocation: { pathname: "/Home" }, pathChanged: true });
    await nextFrame();
    const main = document.querySelector("main");
    if (main) main.innerHTML = "<h1>Entradas de mercancía</h1>";
    await nextFrame();
    await nextFrame();
    expect(document.activeElement?.textContent).toBe("Entradas de mercancía");
  });

  it("leaves the focus alone on the first load, on search-only changes and where the user already is", async () => {
    page(`<main><h1>Pedidos</h1><input id="q" /></main>`);
    const input = document.getElementById("q") as HTMLInputElement;
    input.focus();
    focusAfterNavigation({ pathChanged: true });
    focusAfterNavigation({ fromLocation: { pathname: "/Pedidos" }, pathChanged: false });
    focusAfterNavigation({ fromLocation: { pathname: "/Home" }, pathChanged: true });
    await nextFrame();
    await nextFrame();
    expect(document.activeElement).toBe(input);
  });
});

describe("focus when a toast closes", () => {
  it("goes to the main heading, not to <body>", async () => {
    page(
      `<main><h1>Facturas</h1></main><div class="mantine-Notifications-root"><div role="alert"><button id="close">Cerrar mensaje</button></div></div>`,
    );
    const uninstall = keepFocusWhenToastsClose();
    document.getElementById("close")?.focus();
    // The close button is pressed: the toast leaves the page with the focus in it.
    document.querySelector(".mantine-Notifications-root")?.remove();
    await tick();
    expect(document.activeElement?.textContent).toBe("Facturas");
    uninstall();
  });

  it("does nothing when the focus leaves a toast for another element", async () => {
    page(
      `<main><h1>Facturas</h1><button id="other">Otro</button></main><div class="mantine-Notifications-root"><button id="close">Cerrar mensaje</button></div>`,
    );
    const uninstall = keepFocusWhenToastsClose();
    document.getElementById("close")?.focus();
    document.getElementById("other")?.focus();
    await tick();
    expect(document.activeElement?.id).toBe("other");
    uninstall();
  });
});
