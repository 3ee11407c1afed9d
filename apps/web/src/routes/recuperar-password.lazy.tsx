import { createLazyRoute } from "@tanstack/react-router";
import { RecuperarPassword } from "../features/legal/components/recuperar-password";

export const Route = createLazyRoute("/RecuperarPassword")({ component: RecuperarPassword });
