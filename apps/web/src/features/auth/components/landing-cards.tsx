import type { Operador } from "@portal/contracts";
import { IconArrowRight } from "@tabler/icons-react";
import type { ComponentType } from "react";
import { EmpleadoLogo, ProveedorLogo } from "../../../components/brand/brand-images";
import { firstScreenClasses as c, PlainButton } from "../../../components/first-screen/first-screen";

interface OperadorCard {
  operador: Operador;
  title: string;
  description: string;
  Logo: ComponentType<{ size?: number }>;
}

const CARDS: readonly OperadorCard[] = [
  {
    operador: "Proveedor",
    title: "Proveedor",
    description:
      "Consulte sus pedidos, entradas de mercancía y pagos; registre sus facturas CFDI y complementos de pago.",
    Logo: ProveedorLogo,
  },
  {
    operador: "Empleado",
    title: "Empleado",
    description: "Administre los catálogos, revise facturas y complementos de pago pendientes.",
    Logo: EmpleadoLogo,
  },
];

/** Landing (spec §2): one card per operador, each with 'Ingresar'. Plain HTML, part of the first screen (decision 017). */
export function LandingCards({ onChoose }: { onChoose: (operador: Operador) => void }) {
  return (
    <div className={c.page}>
      <div className={c.intro}>
        <h1 className={c.title}>Portal de Proveedores</h1>
        <p className={`${c.dimmed} ${c.lead}`}>Seleccione cómo desea ingresar.</p>
      </div>
      <div className={c.grid}>
        {CARDS.map(({ operador, title, description, Logo }) => (
          <section key={operador} aria-labelledby={`ingresar-${operador}`} className={`${c.card} ${c.operadorCard}`}>
            <Logo size={96} />
            <h2 className={c.cardTitle} id={`ingresar-${operador}`}>
              {title}
            </h2>
            <p className={`${c.dimmed} ${c.grow}`}>{description}</p>
            <PlainButton rightIcon={<IconArrowRight size={18} aria-hidden />} onClick={() => onChoose(operador)}>
              Ingresar
            </PlainButton>
          </section>
        ))}
      </div>
    </div>
  );
}
