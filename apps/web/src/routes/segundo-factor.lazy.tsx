import { createLazyRoute } from "@tanstack/react-router";
import { SegundoFactorPantalla } from "../features/auth/components/segundo-factor-pantalla";

export const Route = createLazyRoute("/SegundoFactor")({ component: SegundoFactorPantalla });
