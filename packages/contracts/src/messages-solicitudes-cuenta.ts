/**
 * A supplier's bank-account changes as requests under four eyes (issue 41 item 2, decision 069): what the API
 * answers, the mails, the audit entries and the screens' labels. Not in the spec; in the register of its messages.
 */
export const SOLICITUD_CUENTA_MSG = {
  creada:
    "La solicitud de cambio de cuenta bancaria quedó registrada. Los pagos siguen yendo a la cuenta aprobada hasta que un empleado autorizado la apruebe.",
  yaPendiente:
    "El proveedor ya tiene una solicitud de cambio de cuenta bancaria pendiente; espere a que se apruebe o se rechace.",
  noExiste: "La solicitud de cambio de cuenta bancaria no existe.",
  proveedorObligatorio: "Indique el proveedor (CardCode) para el que captura la solicitud.",
  proveedorNoExiste: (cardCode: string) => `El proveedor ${cardCode} no existe o está inactivo.`,
  sinPermiso: "No tiene permiso para aprobar o rechazar cambios de cuenta bancaria.",
  mismaPersona:
    "No puede aprobar ni rechazar una solicitud de cambio de cuenta bancaria que usted mismo capturó: debe decidirla otro empleado.",
  desactualizada:
    "La solicitud de cambio de cuenta bancaria cambió desde que la abrió (otro empleado ya la decidió); actualice la lista.",
  yaDecidida: (estatus: string) => `La solicitud de cambio de cuenta bancaria ya fue ${estatus}.`,
  aprobada: (dias: number) =>
    `Solicitud aprobada. La cuenta se registrará en SAP y los pagos de las facturas abiertas del proveedor quedan bloqueados ${dias} ${dias === 1 ? "día hábil" : "días hábiles"}.`,
  aprobadaSinFacturas:
    "Solicitud aprobada. La cuenta se registrará en SAP; el proveedor no tiene facturas abiertas que bloquear.",
  rechazada: "Solicitud rechazada.",
  motivoObligatorio: "Escriba el motivo del rechazo.",
  cuentaObligatoria: "Escriba el IBAN o el número de cuenta.",
  titularLargo: "El campo Titular admite como máximo 100 caracteres.",
  archivoEtiqueta: "Comprobante de la cuenta (PDF)",
  archivoObligatorio: "Cargue el comprobante de la cuenta en PDF (carta del banco o estado de cuenta).",
  estatus: { pendiente: "Pendiente", aprobada: "Aprobada", rechazada: "Rechazada" } as Record<string, string>,
  /** How an account is named in mails and lists: its kind, bank and last four digits only. */
  cuentaNombrada: (tipo: string, banco: string, numero: string, moneda: string) =>
    `${tipo === "clabe" ? "CLABE" : "cuenta"} ${banco ? `de ${banco} ` : ""}terminación ${numero.slice(-4)} (${moneda})`,
  correo: {
    asuntoSolicitada: "se solicitó un cambio de cuenta bancaria",
    solicitada: (cuenta: string, quien: string) =>
      `Se solicitó un cambio de la cuenta bancaria donde usted recibe sus pagos a la ${cuenta}; lo capturó ${quien}. Mientras un empleado no lo apruebe, los pagos siguen yendo a la cuenta aprobada.`,
    asuntoAprobada: "se aprobó un cambio de cuenta bancaria",
    aprobada: (cuenta: string) =>
      `Se aprobó el cambio de la cuenta bancaria donde usted recibe sus pagos: desde ahora se le pagará en la ${cuenta}.`,
    enfriamiento: (dias: number) =>
      `Por seguridad, los pagos de sus facturas abiertas quedan detenidos ${dias} ${dias === 1 ? "día hábil" : "días hábiles"}.`,
    asuntoRechazada: "se rechazó un cambio de cuenta bancaria",
    rechazada: (cuenta: string, motivo: string) =>
      `Se rechazó la solicitud de cambio a la ${cuenta}. Motivo: ${motivo}`,
    noFueUsted:
      "Si usted no solicitó este cambio, comuníquese de inmediato con el área de cuentas por pagar: alguien más podría estar usando su cuenta del portal.",
  },
  auditoria: {
    /** Who the cooling-off blocks' entries name (the system acting for an approved change). */
    quien: "Cambio de cuenta bancaria",
    campo: "estatus",
    solicitada: "Solicitud capturada",
    enfriamiento: (solicitudId: number, hasta: string) =>
      `Pago bloqueado por el cambio de cuenta bancaria (solicitud ${solicitudId}) hasta el ${hasta}.`,
    liberada: (solicitudId: number) =>
      `Terminó el bloqueo por el cambio de cuenta bancaria (solicitud ${solicitudId}).`,
  },
  erp: {
    campo: "sap",
    registrada: (bds: readonly string[]) =>
      `Cuenta registrada en SAP (BPBankAccounts) en ${bds.length === 1 ? "la base de datos" : "las bases de datos"} ${bds.join(", ")}.`,
  },
  /** The screens' sentences (apps/web features/cuentas-bancarias). */
  pantalla: {
    introProveedor:
      "Estas son las cuentas donde le pagamos. Para agregar o cambiar una, envíe una solicitud con el comprobante del banco: un empleado autorizado la revisa, y mientras tanto los pagos siguen yendo a la cuenta aprobada.",
    introEmpleado:
      "Cambios de cuenta bancaria que los proveedores (o un empleado por ellos) solicitaron. Compare la cuenta actual con la solicitada y revise el comprobante antes de decidir.",
    sinPermiso:
      "Puede consultar las solicitudes, pero no aprobarlas: no tiene el permiso 'Aprueba cambios de cuenta bancaria'.",
    capturadaPorUsted: "Usted capturó esta solicitud: debe decidirla otro empleado.",
    sinCuentas: "Aún no tiene cuentas bancarias aprobadas.",
    sinSolicitudes: "No hay solicitudes.",
    bancoDeClabe: (banco: string) => `Banco: ${banco}`,
    sinCuentaActual: "Sin cuenta aprobada en esta moneda",
    clabeDescripcion: "18 dígitos; el banco se toma de los tres primeros.",
    /** An employee enters a request for a supplier (four eyes: another employee with the permission decides it). */
    capturarBoton: "Capturar una solicitud por un proveedor",
    capturarIntro:
      "Use esta opción cuando el proveedor le haga llegar el cambio por otro medio. Usted no podrá decidir la solicitud que capture: la decide otro empleado con el permiso.",
    proveedorEtiqueta: "Proveedor",
    proveedorSinOpciones: "No hay proveedores activos en el catálogo.",
  },
  tarea: {
    descripcion:
      "Levanta el bloqueo de pago de las facturas de un proveedor cuando termina el periodo de espera de su cambio de cuenta bancaria.",
    ninguno: "No hay bloqueos por cambio de cuenta bancaria que levantar.",
    levantados: (n: number) => `Se levantaron ${n} ${n === 1 ? "bloqueo" : "bloqueos"} por cambio de cuenta bancaria.`,
  },
} as const;
