import {
  IconBuildingBank,
  IconBuildingSkyscraper,
  IconCalendarClock,
  IconCalendarExclamation,
  IconClockDollar,
  IconCreditCard,
  IconFileAlert,
  IconFileCheck,
  IconFileInvoice,
  IconFileMinus,
  IconMailForward,
  IconPackageImport,
  IconReceipt2,
  IconReceiptRefund,
  IconShoppingCart,
  IconTruckDelivery,
  IconUsers,
} from "@tabler/icons-react";
import type { ComponentType } from "react";
import type { MenuEntryId } from "../../lib/navigation";

type IconComponent = ComponentType<{ size?: number; stroke?: number; "aria-hidden"?: boolean }>;

/** The image of each menu entry (spec §3 Menu entry `image`), shared by the drawer and the Home tiles. */
export const MENU_ICONS: Record<MenuEntryId, IconComponent> = {
  empleados: IconUsers,
  proveedores: IconTruckDelivery,
  sociedades: IconBuildingSkyscraper,
  pedidos: IconShoppingCart,
  entradas: IconPackageImport,
  facturasPendientes: IconFileAlert,
  facturas: IconFileInvoice,
  notasCreditoPendientes: IconFileMinus,
  notasCredito: IconReceiptRefund,
  pagosPendientes: IconClockDollar,
  pagos: IconReceipt2,
  complementosAtrasados: IconCalendarExclamation,
  conciliacionSat: IconFileCheck,
  tareas: IconCalendarClock,
  invitaciones: IconMailForward,
  cuentasBancarias: IconBuildingBank,
  solicitudesCuenta: IconCreditCard,
};
