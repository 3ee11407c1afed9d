import { entityContext } from "../answer-forms";
import type { EntitySet } from "../entities";
import { type Ctx, SapFailure, sendJson } from "../http";
import { userFieldSizes } from "../user-field-sizes";
import { checkProperties, jsonBody, locationOf, type UserFieldInput, type WriteContext } from "./shared";

/** `POST UserFieldsMD`: a user-defined field added to a table (a name already there answers -10). */
export async function createUserField(
  c: Pick<WriteContext, "propertiesOf" | "userFields" | "addUserField">,
  ctx: Ctx,
  set: EntitySet,
): Promise<void> {
  const body = await jsonBody(ctx);
  checkProperties(body, c.propertiesOf(set), set.type);
  const tableName = String(body.TableName ?? "");
  const name = String(body.Name ?? "").replace(/^U_/, "");
  if (!tableName || !name) throw new SapFailure(400, -5002, "Enter the table name and the field name");
  if (c.userFields.some((f) => f.TableName === tableName && f.Name === name)) {
    throw new SapFailure(400, -10, `Field name '${name}' already exists in table '${tableName}'`);
  }
  const type = (body.Type as UserFieldInput["Type"]) ?? "db_Alpha";
  const field = c.addUserField({
    TableName: tableName,
    Name: name,
    Type: type,
    ...userFieldSizes(body, type), // F11
    Description: String(body.Description ?? name),
    ...(typeof body.SubType === "string" ? { SubType: body.SubType } : {}),
  });
  const key = `TableName='${tableName}',FieldID=${field.FieldID}`;
  sendJson(
    ctx,
    201,
    {
      [ctx.dialect === "v1" ? "odata.metadata" : "@odata.context"]: entityContext(ctx, "UserFieldsMD"),
      ...field,
    },
    { location: locationOf(ctx, `UserFieldsMD(${key})`) },
  );
}
