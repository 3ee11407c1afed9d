/**
 * What the ERP mock's suppliers sell: realistic items of Mexican purchasing (Spanish description, English
 * foreign name as SAP's FrgnName, unit of measure, list price in MXN) grouped by category, plus the SAT codes
 * the documents carry. Prices are whole cents so every amount stays exact.
 */

export type Categoria =
  | "papeleria"
  | "consumibles"
  | "computo"
  | "limpieza"
  | "seguridad"
  | "ferreteria"
  | "cafeteria"
  | "mobiliario"
  | "mantenimiento"
  | "capacitacion"
  | "logistica"
  | "materiales";

export interface Articulo {
  itemCode: string;
  itemName: string;
  frgnName: string;
  /** PZA, CJA, KG, LT, SRV, PAQ, M. */
  uomCode: string;
  /** List price in MXN cents before discount. */
  precioCentavos: number;
  /** Quantities ordered in one line. */
  cantidad: readonly [min: number, max: number];
}

const a = (
  itemCode: string,
  itemName: string,
  frgnName: string,
  uomCode: string,
  precio: number,
  cantidad: readonly [number, number],
): Articulo => ({ itemCode, itemName, frgnName, uomCode, precioCentavos: Math.round(precio * 100), cantidad });

export const ARTICULOS: Record<Categoria, readonly Articulo[]> = {
  papeleria: [
    a(
      "PAP-0001",
      "Papel bond carta 75 g caja 5000 hojas",
      "Letter bond paper 75 g box 5000 sheets",
      "CJA",
      1089.5,
      [2, 40],
    ),
    a(
      "PAP-0002",
      "Papel bond oficio 75 g caja 5000 hojas",
      "Legal bond paper 75 g box 5000 sheets",
      "CJA",
      1245,
      [1, 20],
    ),
    a(
      "PAP-0003",
      "Folder tamaño carta color crema caja 100",
      "Letter size manila folder box 100",
      "CJA",
      189.9,
      [2, 30],
    ),
    a(
      "PAP-0004",
      "Bolígrafo punto mediano azul caja 12",
      "Blue medium point ballpoint pen box 12",
      "CJA",
      62.5,
      [5, 60],
    ),
    a("PAP-0005", "Carpeta de argollas 2 pulgadas blanca", "2 inch white ring binder", "PZA", 78.4, [10, 120]),
    a("PAP-0006", "Engrapadora de escritorio 25 hojas", "Desk stapler 25 sheets", "PZA", 145, [2, 25]),
    a("PAP-0007", "Grapas estándar 26/6 caja 5000", "Standard staples 26/6 box 5000", "CJA", 32.8, [5, 50]),
    a("PAP-0008", "Notas adhesivas 3x3 amarillas paquete 12", "Yellow sticky notes 3x3 pack 12", "PAQ", 154.6, [3, 40]),
    a("PAP-0009", "Sobre manila tamaño carta caja 50", "Letter manila envelope box 50", "CJA", 118.3, [2, 20]),
    a(
      "PAP-0010",
      "Cinta adhesiva transparente 48 mm x 150 m",
      "Clear packing tape 48 mm x 150 m",
      "PZA",
      39.9,
      [12, 144],
    ),
  ],
  consumibles: [
    a("CON-0001", "Tóner HP 58A negro", "HP 58A black toner cartridge", "PZA", 2149, [1, 12]),
    a("CON-0002", "Tóner HP 26X negro alto rendimiento", "HP 26X high yield black toner", "PZA", 3890, [1, 8]),
    a("CON-0003", "Cartucho de tinta Epson T544 cian", "Epson T544 cyan ink bottle", "PZA", 219, [2, 20]),
    a("CON-0004", "Tóner Brother TN-660 negro", "Brother TN-660 black toner", "PZA", 1385, [1, 10]),
    a("CON-0005", "Tambor de imagen Brother DR-630", "Brother DR-630 drum unit", "PZA", 1720, [1, 4]),
    a(
      "CON-0006",
      "Rollo de papel térmico 80 x 70 mm caja 50",
      "Thermal paper roll 80 x 70 mm box 50",
      "CJA",
      689,
      [1, 10],
    ),
  ],
  computo: [
    a("COM-0001", "Mouse óptico inalámbrico USB", "Wireless USB optical mouse", "PZA", 249, [5, 40]),
    a("COM-0002", "Teclado USB en español", "USB keyboard Spanish layout", "PZA", 329, [5, 40]),
    a("COM-0003", 'Monitor LED 24" Full HD', '24" Full HD LED monitor', "PZA", 2899, [1, 15]),
    a(
      "COM-0004",
      "Laptop 14 pulgadas Core i5 16 GB 512 GB SSD",
      "14 inch laptop Core i5 16 GB 512 GB SSD",
      "PZA",
      16499,
      [1, 6],
    ),
    a("COM-0005", "Disco duro externo 2 TB USB 3.0", "External hard drive 2 TB USB 3.0", "PZA", 1549, [1, 10]),
    a("COM-0006", "Cable de red UTP Cat 6 bobina 305 m", "UTP Cat 6 network cable reel 305 m", "PZA", 2790, [1, 5]),
    a("COM-0007", "No break 1200 VA 8 contactos", "UPS 1200 VA 8 outlets", "PZA", 2350, [1, 8]),
    a("COM-0008", "Switch administrable 24 puertos Gigabit", "24-port Gigabit managed switch", "PZA", 5480, [1, 3]),
  ],
  limpieza: [
    a("LIM-0001", "Cloro concentrado garrafa 20 L", "Concentrated bleach 20 L jug", "PZA", 289, [2, 30]),
    a("LIM-0002", "Jabón líquido para manos 1 L", "Liquid hand soap 1 L", "LT", 42.5, [12, 120]),
    a("LIM-0003", "Papel higiénico jumbo caja 6 rollos", "Jumbo toilet paper box 6 rolls", "CJA", 468, [4, 60]),
    a("LIM-0004", "Toalla interdoblada para manos caja 2000", "Interfold paper towel box 2000", "CJA", 512, [4, 40]),
    a("LIM-0005", "Bolsa para basura negra 90 x 120 kg", "Black trash bags 90 x 120 per kg", "KG", 38.9, [10, 200]),
    a("LIM-0006", "Desengrasante multiusos biodegradable", "Biodegradable all-purpose degreaser", "LT", 56, [20, 200]),
    a("LIM-0007", "Jerga de algodón 50 x 70 cm", "Cotton floor cloth 50 x 70 cm", "PZA", 24.5, [20, 200]),
  ],
  seguridad: [
    a("EPP-0001", "Guantes de nitrilo talla M caja 100", "Nitrile gloves size M box 100", "CJA", 189, [5, 80]),
    a("EPP-0002", "Casco de seguridad tipo I clase E", "Type I class E safety helmet", "PZA", 215, [5, 50]),
    a("EPP-0003", "Lentes de seguridad claros antiempañantes", "Clear anti-fog safety glasses", "PZA", 68, [10, 120]),
    a("EPP-0004", "Chaleco reflejante alta visibilidad", "High visibility reflective vest", "PZA", 95, [10, 100]),
    a("EPP-0005", "Botas de seguridad con casquillo talla 27", "Steel toe safety boots size 27", "PZA", 890, [2, 30]),
    a("EPP-0006", "Cubrebocas plisado tricapa caja 50", "Three-ply pleated face mask box 50", "CJA", 79, [10, 100]),
    a("EPP-0007", "Extintor PQS 6 kg", "6 kg dry chemical fire extinguisher", "PZA", 980, [1, 12]),
  ],
  ferreteria: [
    a(
      "FER-0001",
      "Tornillo hexagonal 1/2 x 2 pulgadas galvanizado",
      "Galvanized hex bolt 1/2 x 2 inch",
      "KG",
      78.5,
      [5, 250],
    ),
    a("FER-0002", "Taquete de plástico 1/4 bolsa 100", "Plastic wall anchor 1/4 bag 100", "PAQ", 45, [5, 60]),
    a("FER-0003", "Cable THW calibre 12 rollo 100 m", "THW 12 AWG wire roll 100 m", "PZA", 1290, [1, 20]),
    a("FER-0004", "Pintura vinílica blanca cubeta 19 L", "White vinyl paint 19 L bucket", "PZA", 1650, [1, 25]),
    a("FER-0005", "Cinta de aislar negra 19 mm x 18 m", "Black electrical tape 19 mm x 18 m", "PZA", 18.9, [10, 100]),
    a("FER-0006", "Tubo PVC hidráulico 1/2 pulgada 6 m", "1/2 inch PVC pressure pipe 6 m", "PZA", 96, [5, 80]),
    a("FER-0007", "Lámpara LED tipo panel 60 x 60 40 W", "40 W 60 x 60 LED panel light", "PZA", 485, [4, 60]),
  ],
  cafeteria: [
    a("CAF-0001", "Café tostado y molido 1 kg", "Roasted ground coffee 1 kg", "KG", 289, [2, 30]),
    a("CAF-0002", "Agua purificada garrafón 20 L", "Purified water 20 L jug", "PZA", 42, [10, 120]),
    a("CAF-0003", "Vaso térmico desechable 8 oz paquete 50", "Disposable foam cup 8 oz pack 50", "PAQ", 58, [5, 60]),
    a("CAF-0004", "Azúcar estándar 1 kg", "Standard sugar 1 kg", "KG", 32.5, [5, 50]),
    a("CAF-0005", "Sustituto de crema en polvo 1 kg", "Powdered coffee creamer 1 kg", "KG", 119, [2, 20]),
  ],
  mobiliario: [
    a(
      "MOB-0001",
      "Silla ejecutiva ergonómica con descansabrazos",
      "Ergonomic executive chair with armrests",
      "PZA",
      3450,
      [1, 12],
    ),
    a("MOB-0002", "Escritorio en L 150 x 150 cm", "L-shaped desk 150 x 150 cm", "PZA", 5890, [1, 6]),
    a("MOB-0003", "Archivero metálico 4 gavetas", "4-drawer metal filing cabinet", "PZA", 4120, [1, 6]),
    a("MOB-0004", "Anaquel metálico 5 entrepaños", "5-shelf metal rack", "PZA", 1380, [2, 20]),
    a("MOB-0005", "Mesa de juntas para 8 personas", "Conference table for 8 people", "PZA", 9850, [1, 2]),
  ],
  mantenimiento: [
    a(
      "SRV-0001",
      "Mantenimiento preventivo a equipo de aire acondicionado",
      "Preventive maintenance of air conditioning units",
      "SRV",
      4500,
      [1, 6],
    ),
    a(
      "SRV-0002",
      "Servicio de fumigación de instalaciones",
      "Pest control service for facilities",
      "SRV",
      3200,
      [1, 2],
    ),
    a("SRV-0003", "Mantenimiento correctivo a montacargas", "Corrective maintenance of forklift", "SRV", 7800, [1, 3]),
    a("SRV-0004", "Limpieza profunda de cisterna", "Deep cleaning of water tank", "SRV", 5600, [1, 1]),
    a("SRV-0005", "Servicio de jardinería mensual", "Monthly gardening service", "SRV", 6800, [1, 1]),
    a(
      "SRV-0006",
      "Recarga y mantenimiento de extintores",
      "Fire extinguisher refill and maintenance",
      "SRV",
      185,
      [5, 40],
    ),
  ],
  capacitacion: [
    a(
      "SRV-0101",
      "Curso de capacitación en seguridad e higiene NOM-030",
      "Occupational health and safety training NOM-030",
      "SRV",
      12500,
      [1, 2],
    ),
    a(
      "SRV-0102",
      "Taller de primeros auxilios por participante",
      "First aid workshop per participant",
      "SRV",
      850,
      [5, 30],
    ),
    a(
      "SRV-0103",
      "Consultoría en procesos de compras por hora",
      "Purchasing process consulting per hour",
      "SRV",
      1450,
      [4, 40],
    ),
    a(
      "SRV-0104",
      "Curso de Excel intermedio por participante",
      "Intermediate Excel course per participant",
      "SRV",
      1900,
      [3, 20],
    ),
    a(
      "LIB-0001",
      "Manual de procedimientos impreso y encuadernado",
      "Printed and bound procedures manual",
      "PZA",
      320,
      [5, 60],
    ),
  ],
  logistica: [
    a("SRV-0201", "Flete local en camioneta de 3.5 toneladas", "Local freight 3.5 ton truck", "SRV", 2800, [1, 4]),
    a(
      "SRV-0202",
      "Flete foráneo Ciudad de México - Guadalajara",
      "Freight Mexico City - Guadalajara",
      "SRV",
      14500,
      [1, 2],
    ),
    a("SRV-0203", "Maniobras de carga y descarga", "Loading and unloading labor", "SRV", 950, [1, 6]),
    a("LOG-0001", "Tarima de madera estándar 1.0 x 1.2 m", "Standard wooden pallet 1.0 x 1.2 m", "PZA", 165, [10, 120]),
    a("LOG-0002", "Playo estirable calibre 80 rollo", "Stretch film gauge 80 roll", "PZA", 245, [6, 48]),
  ],
  materiales: [
    a("MAT-0001", "Lámina galvanizada calibre 22", "Galvanized steel sheet gauge 22", "PZA", 689, [5, 80]),
    a("MAT-0002", "Solera de acero 1 x 1/8 pulgadas 6 m", "Steel flat bar 1 x 1/8 inch 6 m", "PZA", 215, [10, 120]),
    a("MAT-0003", "Resina poliéster cubeta 19 L", "Polyester resin 19 L bucket", "LT", 98, [19, 190]),
    a("MAT-0004", "Cemento gris saco 50 kg", "Gray cement 50 kg bag", "PZA", 239, [10, 200]),
    a("MAT-0005", "Aceite hidráulico ISO 68", "ISO 68 hydraulic oil", "LT", 64, [20, 400]),
  ],
};

/** c_UsoCFDI per category: operating expenses G03, merchandise and materials G01, fixed assets I0x. */
export const USO_CFDI: Record<Categoria, string> = {
  papeleria: "G03",
  consumibles: "G03",
  computo: "I04",
  limpieza: "G03",
  seguridad: "G03",
  ferreteria: "G01",
  cafeteria: "G03",
  mobiliario: "I02",
  mantenimiento: "G03",
  capacitacion: "G03",
  logistica: "G03",
  materiales: "G01",
};

/** Credit days (GroupNum) by how common they are among suppliers. */
export const DIAS_CREDITO = [
  [0, 2],
  [15, 2],
  [30, 4],
  [60, 2],
] as const;

/**
 * c_FormaPago for PUE documents. PPD documents carry 99 (Por definir): the SAT requires it when the payment is
 * deferred, and the invoice cross checks compare the receipt's form with the XML's.
 */
export const FORMAS_PAGO_PUE = [
  ["03", 8],
  ["01", 1],
  ["04", 1],
  ["28", 1],
] as const;

export const COMENTARIOS_PEDIDO = [
  "",
  "",
  "",
  "Entrega en almacén central de 9:00 a 14:00 h.",
  "Favor de incluir certificado de calidad con la remisión.",
  "Urgente: requerido para cierre de mes.",
  "Entregar en andén 2; presentar orden de compra impresa.",
  "Precios según cotización autorizada por Compras.",
  "Surtir completo; no se aceptan entregas parciales sin aviso.",
  "Requisición del área de Mantenimiento.",
  "Requisición del área de Sistemas.",
  "Compra consolidada del trimestre.",
  "Incluye instalación y puesta en marcha.",
];

export const OBSERVACIONES_ENTRADA = [
  "",
  "",
  "",
  "",
  " Recibido completo y en buen estado.",
  " Recibido por almacén; una caja con empaque dañado.",
  " Se recibe con remisión firmada por el transportista.",
  " Pendiente certificado de calidad.",
];

/** Fictitious supplier names for the benchmark volume (business partners that are not portal users). */
export const GIROS = [
  "DISTRIBUIDORA",
  "COMERCIALIZADORA",
  "SUMINISTROS",
  "PROVEEDORA",
  "SERVICIOS INTEGRALES",
  "GRUPO INDUSTRIAL",
  "ABASTECEDORA",
  "INSUMOS",
];
export const ZONAS = [
  "DEL BAJIO",
  "DEL NORTE",
  "DE OCCIDENTE",
  "DEL GOLFO",
  "DEL CENTRO",
  "PENINSULAR",
  "DEL PACIFICO",
];
export const CODIGOS_POSTALES = ["37000", "44100", "64000", "76000", "20000", "50000", "72000", "97000", "31000"];
