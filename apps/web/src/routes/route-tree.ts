import { avisoDePrivacidadRoute } from "./aviso-de-privacidad";
import { catalogoEmpleadosRoute } from "./catalogo-empleados";
import { empleadoRoute } from "./catalogo-empleados.empleado";
import { catalogoProveedoresRoute } from "./catalogo-proveedores";
import { proveedorRoute } from "./catalogo-proveedores.proveedor";
import { proveedorSociedadRoute } from "./catalogo-proveedores.proveedor.sociedad";
import { catalogoSociedadesRoute } from "./catalogo-sociedades";
import { sociedadRoute } from "./catalogo-sociedades.sociedad";
import { complementosAtrasadosRoute } from "./complementos-atrasados";
import { conciliacionSatRoute } from "./conciliacion-sat";
import { cuentasBancariasRoute } from "./cuentas-bancarias";
import { entradasMercanciaRoute } from "./entradas-mercancia";
import { entradaMercanciaRoute } from "./entradas-mercancia.entrada-mercancia";
import { facturasPendientesRoute } from "./facturas-pendientes";
import { homeRoute } from "./home";
import { invitacionesRoute } from "./invitaciones";
import { landingRoute } from "./landing";
import { loginRoute } from "./login";
import { misFacturasRoute } from "./mis-facturas";
import { nuevaFacturaRoute } from "./mis-facturas.factura";
import { miFacturaRoute } from "./mis-facturas.mi-factura";
import { facturaServiciosRoute } from "./mis-facturas.servicios";
import { notasCreditoRoute } from "./notas-credito";
import { notaCreditoRoute } from "./notas-credito.nota";
import { nuevaNotaCreditoRoute } from "./notas-credito.nueva";
import { notasCreditoPendientesRoute } from "./notas-credito-pendientes";
import { pagosRoute } from "./pagos";
import { pagoRoute } from "./pagos.pago";
import { pagosPendientesRoute } from "./pagos-pendientes";
import { pedidosRoute } from "./pedidos";
import { pedidoRoute } from "./pedidos.pedido";
import { perfilRoute } from "./perfil";
import { recuperarPasswordRoute } from "./recuperar-password";
import { registroRoute } from "./registro";
import { restablecerPasswordRoute } from "./restablecer-password";
import { rootRoute } from "./root";
import { segundoFactorRoute } from "./segundo-factor";
import { solicitudesCuentaBancariaRoute } from "./solicitudes-cuenta-bancaria";
import { tareasRoute } from "./tareas";

/**
 * Every path of the spec's route table (§2), flat under the layout, plus the portal's additions /Tareas (issue 15)
 * /Complementos-Atrasados (issue 27) and /Conciliacion-SAT (issue 43), the credit notes' form and detail (issue 40), and issue 41's
 * /RestablecerPassword, /SegundoFactor, /Registro, /Invitaciones and the bank accounts' two screens (decisions 067,
 * 069, 070, 071); unknown paths render 'No page'.
 */
export const routeTree = rootRoute.addChildren([
  landingRoute,
  loginRoute,
  avisoDePrivacidadRoute,
  recuperarPasswordRoute,
  restablecerPasswordRoute,
  registroRoute,
  segundoFactorRoute,
  homeRoute,
  perfilRoute,
  catalogoEmpleadosRoute,
  empleadoRoute,
  catalogoProveedoresRoute,
  proveedorRoute,
  proveedorSociedadRoute,
  catalogoSociedadesRoute,
  sociedadRoute,
  pedidosRoute,
  pedidoRoute,
  entradasMercanciaRoute,
  entradaMercanciaRoute,
  misFacturasRoute,
  nuevaFacturaRoute,
  facturaServiciosRoute,
  miFacturaRoute,
  facturasPendientesRoute,
  notasCreditoRoute,
  nuevaNotaCreditoRoute,
  notaCreditoRoute,
  notasCreditoPendientesRoute,
  pagosRoute,
  pagoRoute,
  pagosPendientesRoute,
  complementosAtrasadosRoute,
  conciliacionSatRoute,
  tareasRoute,
  invitacionesRoute,
  cuentasBancariasRoute,
  solicitudesCuentaBancariaRoute,
]);
