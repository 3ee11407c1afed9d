import { Anchor, List, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { ScreenTitle } from "../../../components/screen-title";
import { CONTACTO_PRIVACIDAD, EMPRESA } from "../contacto";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} fz="lg" c="portal.8">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * Privacy notice (spec §2): static Spanish text in the structure the Mexican personal-data law
 * (LFPDPPP) asks for. The bracketed values are placeholders the company fills in (contacto.ts).
 */
export function AvisoDePrivacidad() {
  return (
    <Stack maw={860} mx="auto" gap="md">
      <ScreenTitle>Aviso de privacidad</ScreenTitle>
      <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
        <Stack gap="lg">
          <Section title="Identidad y domicilio del responsable">
            <Text>
              {EMPRESA.nombre}, con domicilio en {EMPRESA.domicilio} (en adelante, "la Empresa"), es responsable del uso
              y protección de los datos personales que usted proporciona a través del Portal de Proveedores, y al
              respecto le informa lo siguiente.
            </Text>
          </Section>

          <Section title="Datos personales que recabamos">
            <Text>
              Para las finalidades señaladas en este aviso, podemos recabar las siguientes categorías de datos:
            </Text>
            <List spacing={6}>
              <List.Item>
                <strong>Datos de contacto:</strong> nombre de la persona de contacto, correo electrónico, teléfono y
                domicilio.
              </List.Item>
              <List.Item>
                <strong>Datos de identificación:</strong> nombre o razón social, Registro Federal de Contribuyentes
                (RFC), identificación oficial del representante legal, acta constitutiva, cédula de identificación
                fiscal y comprobante de domicilio.
              </List.Item>
              <List.Item>
                <strong>Datos bancarios y financieros:</strong> institución bancaria, número de cuenta, CLABE
                interbancaria, estados de cuenta y opinión de cumplimiento de obligaciones fiscales.
              </List.Item>
              <List.Item>
                <strong>Datos comerciales:</strong> pedidos, entradas de mercancía, facturas (CFDI), complementos de
                pago, condiciones de crédito y la información necesaria para la relación comercial.
              </List.Item>
            </List>
            <Text>La Empresa no recaba datos personales sensibles a través de este portal.</Text>
          </Section>

          <Section title="Finalidades del tratamiento">
            <Text>Sus datos personales se utilizan para las siguientes finalidades necesarias:</Text>
            <List spacing={6}>
              <List.Item>Dar de alta y mantener su registro como proveedor o usuario del portal.</List.Item>
              <List.Item>Gestionar pedidos, entradas de mercancía, facturas y pagos.</List.Item>
              <List.Item>Validar la información fiscal de los comprobantes ante el SAT.</List.Item>
              <List.Item>Cumplir obligaciones fiscales, contables y legales.</List.Item>
              <List.Item>Comunicarle avisos relacionados con su registro, sus documentos y sus pagos.</List.Item>
            </List>
            <Text>
              De manera adicional, podremos utilizar sus datos para evaluar la calidad del servicio y mejorar el portal.
              Si no desea que sus datos se traten para estas finalidades adicionales, puede indicarlo en el contacto
              señalado al final de este aviso.
            </Text>
          </Section>

          <Section title="Transferencias de datos">
            <Text>
              Sus datos personales podrán ser transferidos, sin requerir su consentimiento, a autoridades fiscales y
              judiciales cuando la ley lo exija, a instituciones bancarias para el pago de facturas, y a empresas del
              mismo grupo de la Empresa que operen bajo los mismos procesos y políticas internas. Cualquier otra
              transferencia que requiera su consentimiento se le informará previamente.
            </Text>
          </Section>

          <Section title="Medidas de seguridad">
            <Text>
              La Empresa aplica medidas de seguridad administrativas, técnicas y físicas para proteger sus datos
              personales contra daño, pérdida, alteración, destrucción o uso, acceso o tratamiento no autorizado, entre
              ellas: acceso con usuario y contraseña, sesiones con caducidad, comunicación cifrada y acceso restringido
              al personal autorizado.
            </Text>
          </Section>

          <Section title="Derechos ARCO">
            <Text>
              Usted tiene derecho a conocer qué datos personales tenemos y para qué los utilizamos (Acceso); a solicitar
              la corrección de su información cuando esté desactualizada, sea inexacta o incompleta (Rectificación); a
              que la eliminemos de nuestros registros cuando considere que no se utiliza adecuadamente (Cancelación); y
              a oponerse al uso de sus datos para fines específicos (Oposición). También puede revocar el consentimiento
              que nos haya otorgado.
            </Text>
            <Text>
              Para ejercer cualquiera de estos derechos envíe una solicitud a {CONTACTO_PRIVACIDAD.correo} indicando su
              nombre, los documentos que acrediten su identidad o la de su representante, una descripción clara de los
              datos y del derecho que desea ejercer y un medio para comunicarle la respuesta. Le responderemos en un
              plazo máximo de 20 días hábiles.
            </Text>
          </Section>

          <Section title="Cambios al aviso de privacidad">
            <Text>
              Este aviso puede modificarse por cambios legales, por nuestras propias necesidades o por cambios en
              nuestro modelo de negocio. Las modificaciones se publicarán en esta misma sección del Portal de
              Proveedores.
            </Text>
          </Section>

          <Section title="Contacto">
            <Text>
              Para cualquier duda sobre este aviso o sobre el tratamiento de sus datos personales, comuníquese con{" "}
              {CONTACTO_PRIVACIDAD.responsable} al correo{" "}
              <Anchor href={`mailto:${CONTACTO_PRIVACIDAD.correo}`}>{CONTACTO_PRIVACIDAD.correo}</Anchor> o al teléfono{" "}
              {CONTACTO_PRIVACIDAD.telefono}.
            </Text>
          </Section>

          <Text size="sm" c="dimmed">
            Última actualización: {EMPRESA.fechaAviso}.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Spec §2, §6: suppliers see only a stub. */
export function AvisoDePrivacidadProveedor() {
  return (
    <Stack maw={860} mx="auto" gap="md">
      <ScreenTitle>Aviso de privacidad</ScreenTitle>
      <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
        <Text>
          El aviso de privacidad para proveedores se encuentra en preparación. Para cualquier duda sobre el tratamiento
          de sus datos personales, escriba a{" "}
          <Anchor href={`mailto:${CONTACTO_PRIVACIDAD.correo}`}>{CONTACTO_PRIVACIDAD.correo}</Anchor>.
        </Text>
      </Paper>
    </Stack>
  );
}
