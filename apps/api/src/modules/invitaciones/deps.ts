import type { ErpAdapter } from "../../erp/types";
import type { Clock } from "../../lib/clock";
import type { Data } from "../../repositories";
import type { PasswordAttempts } from "../auth/attempts";

/** What the invitations' calls need (issue 41 item 3, decision 070), given by src/services.ts. */
export interface InvitacionesDeps {
  data: Data;
  clock: Clock;
  erp: ErpAdapter;
  /** The sign-in's throttle: wrong, used or expired links are counted per address like failed sign-ins. */
  attempts: PasswordAttempts;
  /** The portal's public address (PUBLIC_URL): the link in the mail points there. */
  publicUrl: string;
}
