import { createLazyRoute } from "@tanstack/react-router";
import { RecoverPassword } from "../features/legal/components/recuperar-password";

export const Route = createLazyRoute("/RecuperarPassword")({ component: RecoverPassword });
