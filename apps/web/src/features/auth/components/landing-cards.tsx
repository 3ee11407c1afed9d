import { Button, Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { Operador } from "@portal/contracts";
import { IconArrowRight } from "@tabler/icons-react";
import type { ComponentType } from "react";
import { EmpleadoLogo, ProveedorLogo } from "../../../components/brand/brand-images";
import classes from "./auth.module.css";

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

/** Landing (spec §2): one card per operador, each with 'Ingresar'. */
export function LandingCards({ onChoose }: { onChoose: (operador: Operador) => void }) {
  return (
    <Stack align="center" gap="xl" py={{ base: "md", xs: 48 }}>
      <Stack gap={6} align="center" ta="center" maw={640}>
        <Title order={1} c="portal.9" fz={{ base: 26, xs: 34 }}>
          Portal de Proveedores
        </Title>
        <Text c="dimmed" size="lg">
          Seleccione cómo desea ingresar.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xl" w="100%" maw={760}>
        {CARDS.map(({ operador, title, description, Logo }) => (
          <Card
            key={operador}
            component="section"
            aria-labelledby={`ingresar-${operador}`}
            withBorder
            radius="lg"
            padding="xl"
            shadow="sm"
            className={classes.operadorCard}
          >
            <Stack align="center" ta="center" gap="md" h="100%">
              <Logo size={96} />
              <Title order={2} id={`ingresar-${operador}`} fz={22}>
                {title}
              </Title>
              <Text c="dimmed" size="sm" style={{ flexGrow: 1 }}>
                {description}
              </Text>
              <Button
                size="md"
                fullWidth
                rightSection={<IconArrowRight size={18} aria-hidden />}
                onClick={() => onChoose(operador)}
              >
                Ingresar
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
