import type { LegalTexts } from './delta.js'

/** Textos de ejemplo sintéticos de la instalación de demostración. */
export default {
  tos: {
    title: 'Condiciones de uso',
    body: `
# 1. Ámbito
Estas condiciones se aplican a todo uso de Streamclub, operado por **Streamclub Media GmbH** (una empresa ficticia de demostración, consulta el [aviso legal](internal:/imprint)). Al usar el sitio las aceptas.
# 2. Solo para adultos
El sitio contiene material sexualmente explícito. Solo puedes usarlo si tienes **al menos 18 años** o la mayoría de edad de tu país, si es mayor.
- Mantén en secreto tus datos de acceso y no compartas tu cuenta.
- No permitas que menores vean el contenido.
- No copies, publiques ni revendas contenido más allá de los derechos de tu membresía.
# 3. Membresía
La membresía se factura *cada mes*, *cada año* o *cada dos años* y se renueva automáticamente hasta que la canceles. Un periodo de prueba, si se ofrece, pasa al plan normal al terminar.
1. Eliges un plan en la página de membresía.
2. Nuestro socio de facturación procesa el pago.
3. Tu acceso empieza en cuanto se confirma el pago.
# 4. Cancelación
Puedes cancelar en cualquier momento. La cancelación es efectiva __al final del periodo ya pagado__; hasta entonces conservas el acceso completo.
# 5. Descargas
Las descargas solo están disponibles con los planes que las incluyen y tienen un límite diario. El contenido descargado es **solo para uso privado**.
# 6. Eliminación de contenido
Si crees que un contenido vulnera tus derechos, usa el [formulario de denuncia](internal:/report). Tramitamos las denuncias en un plazo de 7 días laborables.
# 7. Cambios
Podemos cambiar estas condiciones avisando por correo electrónico. ~~Los cambios se aplicaban de inmediato.~~ Los cambios se aplican 30 días después del aviso.
# 8. Contacto
¿Preguntas? Usa nuestro [formulario de contacto](internal:/contact) o lee las [preguntas frecuentes](internal:/faq).
*Este es un texto de ejemplo de la instalación de demostración.*
`,
  },
  privacy: {
    title: 'Política de privacidad',
    body: `
# Responsable
Streamclub Media GmbH (una empresa ficticia de demostración) es responsable del tratamiento de tus datos personales en este sitio. Los datos de contacto están en el [aviso legal](internal:/imprint).
# Qué datos tratamos
- **Datos de la cuenta:** correo electrónico, contraseña (guardada solo como hash seguro), idioma.
- **Datos de la membresía:** plan, periodo de facturación y estado; los datos de pago quedan en nuestro socio de facturación.
- **Datos de uso:** favoritos, lista para ver más tarde, valoraciones y qué contenidos has visto.
- **Mensajes:** lo que nos envías con el formulario de contacto o de denuncia.
# Para qué los tratamos
1. Para prestar la membresía que has contratado (contrato).
2. Para mantener el sitio seguro, por ejemplo frente al abuso de los formularios (interés legítimo).
3. Para cumplir obligaciones legales como la conservación de registros (obligación legal).
# Cookies y almacenamiento local
Usamos una *cookie de sesión* para mantener tu sesión iniciada y el almacenamiento local para tu idioma y la confirmación de edad. **No** usamos cookies publicitarias.
# Cuánto tiempo los conservamos
Conservamos los datos de la cuenta mientras exista tu cuenta. Borramos los mensajes y denuncias cuando ya no son necesarios, como muy tarde al vencer los plazos legales.
# Tus derechos
Puedes solicitar acceso, rectificación, supresión, limitación y portabilidad de tus datos y oponerte a su tratamiento. Escríbenos con el [formulario de contacto](internal:/contact). También puedes reclamar ante una autoridad de protección de datos.
*Este es un texto de ejemplo de la instalación de demostración.*
`,
  },
  '2257': {
    title: 'Declaración según 18 U.S.C. 2257',
    body: `
# Declaración
Todas las personas que aparecen en cualquier representación visual de conducta sexualmente explícita real o simulada en este sitio tenían **al menos 18 años** en el momento de su creación.
# Registros
Los registros exigidos por 18 U.S.C. 2257 y 28 C.F.R. 75 para todos los materiales de este sitio los conserva el custodio de registros:
- Custodio de registros, Streamclub Media GmbH (empresa ficticia de demostración)
- Beispielstraße 1, 10115 Berlín, Alemania
# Contenido exento
Parte del contenido está exento de estos requisitos porque no muestra conducta sexualmente explícita según la definición legal.
# Denuncias
Si crees que un contenido muestra a una persona menor de edad, denúncialo de inmediato con nuestro [formulario de denuncia](internal:/report).
*Este es un texto de ejemplo de la instalación de demostración.*
`,
  },
  imprint: {
    title: 'Aviso legal',
    body: `
# Titular
**Streamclub Media GmbH** (empresa ficticia de demostración)
Beispielstraße 1, 10115 Berlín, Alemania
# Representada por
Dirección general: Alex Beispiel
# Contacto
Usa nuestro [formulario de contacto](internal:/contact). El soporte por correo electrónico responde 24/7 en alemán e inglés.
# Registro
Registro mercantil: Juzgado de Berlín, HRB 000000 (ejemplo)
NIF-IVA: DE000000000 (ejemplo)
# Protección de menores
Puedes contactar con nuestro responsable de protección de menores mediante el [formulario de contacto](internal:/contact).
# Resolución de litigios
No estamos obligados ni dispuestos a participar en procedimientos de resolución de litigios ante una junta de arbitraje de consumo.
*Este es un texto de ejemplo de la instalación de demostración.*
`,
  },
} satisfies LegalTexts
