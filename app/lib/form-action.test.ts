import { redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Conflict, Invalid, NotFound, TooManyRequests } from "~/domain/errors";
import { formAction, formFailure } from "./form-action.server";
import { failureNotice } from "./form-failure";

const typed = { email: "ana@example", name: "Ana" };

describe("the form-action contract", () => {
  it("turns a DomainError into {message, fields, values} with the error's status", () => {
    const answer = formFailure(new Conflict("Ese código ya existe"), typed);
    expect(answer.data).toEqual({ message: "Ese código ya existe", fields: {}, values: typed });
    expect(answer.init?.status).toBe(409);
  });

  it("names the field a DomainError points at, or the fields it lists", () => {
    expect(formFailure(new Invalid("Elegí un libro", { field: "bookId" })).data.fields).toEqual({
      bookId: "Elegí un libro",
    });
    // An empty field name is a form-level refusal.
    expect(formFailure(new Invalid("Los datos no son válidos", { field: "" })).data.fields).toEqual({});
    const fields = { cbu: "El CBU tiene 22 dígitos", alias: "Falta el alias" };
    expect(formFailure(new Invalid("El CBU tiene 22 dígitos", { fields })).data.fields).toEqual(fields);
    // A list of changed columns (not messages) names no field.
    expect(formFailure(new Conflict("Cambió", { fields: ["title"] })).data.fields).toEqual({});
  });

  it("keeps a refused rate limit's Retry-After", () => {
    const answer = formFailure(new TooManyRequests("Esperá un rato", 90));
    expect(answer.init?.status).toBe(429);
    expect(answer.init?.headers).toEqual({ "Retry-After": "90" });
  });

  it("turns a ZodError into a 400 with the first message of each field", () => {
    const schema = z.object({
      email: z.string().email("Ingresá un email válido"),
      name: z.string().min(5, "El nombre es muy corto").max(3, "El nombre es muy largo"),
    });
    const parsed = schema.safeParse(typed);
    if (parsed.success) throw new Error("expected a failed parse");
    const answer = formFailure(parsed.error, typed);
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({
      message: "Ingresá un email válido",
      fields: { email: "Ingresá un email válido", name: "El nombre es muy corto" },
      values: typed,
    });
  });

  it("carries what the page needs to place the failure", () => {
    expect(formFailure(new NotFound("No existe"), {}, { intent: "ship" }).data).toEqual({
      intent: "ship",
      message: "No existe",
      fields: {},
      values: {},
    });
  });

  it("rethrows anything else", () => {
    const crash = new Error("se cayó la base");
    expect(() => formFailure(crash)).toThrow(crash);
    const thrown = redirect("/admin", 303);
    expect(() => formFailure(thrown)).toThrow();
  });

  it("formAction passes the work's result through and answers its refusal", async () => {
    const done = redirect("/listo", 303);
    expect(await formAction(typed, async () => done)).toBe(done);
    const refused = await formAction(typed, async () => {
      throw new Invalid("No");
    });
    expect(refused).toMatchObject({ data: { message: "No", fields: {}, values: typed }, init: { status: 400 } });
    await expect(
      formAction(typed, async () => {
        throw new Error("inesperado");
      }),
    ).rejects.toThrow("inesperado");
  });

  it("failureNotice shows the message under the action's title", () => {
    expect(failureNotice({ message: "No se pudo" }, "Error")).toEqual({
      tone: "error",
      title: "Error",
      message: "No se pudo",
    });
    expect(failureNotice(undefined, "Error")).toBeNull();
  });
});
