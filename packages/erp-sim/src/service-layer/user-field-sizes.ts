import type { Row } from "./filter";
import { SapFailure } from "./http";

/**
 * The size of a user field created through `UserFieldsMD` (fidelity finding F11), as SAP takes it:
 * SDK Help 10.0 `UserFieldsMD~EditSize` "applies only when the Type property is set to db_Alpha or db_Numeric";
 * `UserFieldsMD~Size` "The actual size of the field. The value is automatically determined by the input of the
 * EditSize property. Do not set any value in the Size property." MAN p96 creates a db_Alpha with `Size: 10` and the
 * answer carries `EditSize: 10` (so for db_Alpha a `Size` alone is taken as the edit size). A db_Numeric without
 * `EditSize` is refused whatever its `Size`: "Creating db_Numeric with Size: 8 on ORDR was refused (-5002, 'Field
 * size deviates from legal range [1..11]')" (NOTES, a live run against FP 2608). Legal ranges: db_Alpha 1..254,
 * db_Numeric 1..11.
 */
const RANGES: Record<string, [number, number]> = { db_Alpha: [1, 254], db_Numeric: [1, 11] };

export function userFieldSizes(body: Row, type: string): { Size: number; EditSize: number } {
  const range = RANGES[type];
  const edit = body.EditSize === undefined || body.EditSize === null ? undefined : Number(body.EditSize);
  const size = body.Size === undefined || body.Size === null ? undefined : Number(body.Size);
  if (!range) return { Size: edit ?? size ?? 0, EditSize: edit ?? size ?? 0 };
  const [min, max] = range;
  const chosen = type === "db_Numeric" ? edit : (edit ?? size ?? 10);
  if (chosen === undefined || !Number.isInteger(chosen) || chosen < min || chosen > max) {
    throw new SapFailure(400, -5002, `Field size deviates from legal range [${min}..${max}]`);
  }
  return { Size: chosen, EditSize: chosen };
}
