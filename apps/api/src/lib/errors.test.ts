import { MSG } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { answerText, Invalid, refusal } from "./errors";
import { successJson, successJsonHead } from "./send-json";

describe("errors with several messages", () => {
  it("carry the list; the answer text is one message per line", () => {
    const e = new Invalid([MSG.revisionError, "a", "b"]);
    expect(e.messages).toEqual([MSG.revisionError, "a", "b"]);
    expect(answerText(e.messages)).toBe(`${MSG.revisionError}\na\nb`);
    expect(e.message).toBe(answerText(e.messages));
    expect(e.statusCode).toBe(400);
  });
  it("a single message is a list of one; the default stays", () => {
    expect(new Invalid("uno").messages).toEqual(["uno"]);
    expect(new Invalid().message).toBe(MSG.datosInvalidos);
  });
  it("refusal keeps each distinct message once, in order of first appearance", () => {
    expect(refusal(["b", "a", "b", "c", "a"]).messages).toEqual(["b", "a", "c"]);
  });
});

describe("successJson", () => {
  it("is the spec's success answer around data already written as JSON", () => {
    const text = successJson(JSON.stringify([{ Fila: 1 }]));
    expect(JSON.parse(text)).toEqual({ status: "success", message: MSG.ok, data: [{ Fila: 1 }] });
    expect(text.startsWith(successJsonHead())).toBe(true);
    expect(JSON.parse(successJson("[]", "otro"))).toEqual({ status: "success", message: "otro", data: [] });
  });
});
