/** Title of the detail: the receipt's own number (DocNum). */
export const tituloEntrada = (docNum: number): string => `Entrada de mercancía #${docNum}`;

/** The related order, or a dash when the receipt has no base order (Pedido null). */
export const pedidoRelacionado = (pedido: number | null): string => (pedido === null ? "—" : String(pedido));
