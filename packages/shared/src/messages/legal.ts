// Texts of the terms of use and privacy policy pages.

export const legalMessages = {
  reviewNote: 'Texto de referencia: la organización debe revisarlo con su asesoría legal antes de darlo por definitivo.',
  contents: 'Contenido',
  termsTitle: 'Términos de uso',
  termsIntro: (org: string) =>
    `Estos términos regulan el uso de este sitio web y de la plataforma de donaciones de ${org}. Al navegar, crear una cuenta o hacer una donación, aceptas estos términos.`,
  terms: (org: string, email: string) => [
    {
      title: 'Quiénes somos',
      paragraphs: [
        `${org} es una organización sin fines de lucro que acompaña a niñas, niños y adolescentes de escasos recursos en Guatemala mediante programas de formación en valores, alimentación escolar y becas.`,
        `Para cualquier consulta sobre estos términos puedes escribirnos a ${email}.`,
      ],
    },
    {
      title: 'Uso del sitio',
      paragraphs: [
        'Te comprometes a usar el sitio de forma lícita, a proporcionar información verdadera y a no intentar acceder a cuentas, datos o sistemas que no te pertenecen.',
        'Podemos suspender cuentas o bloquear solicitudes cuando detectemos uso abusivo, fraude o intentos de afectar el funcionamiento del servicio.',
      ],
    },
    {
      title: 'Cuentas',
      paragraphs: [
        'Para crear una cuenta necesitas un correo electrónico válido y una contraseña segura. Eres responsable de mantener tu contraseña en reserva y de la actividad realizada con tu cuenta.',
        'Puedes solicitar la corrección o eliminación de tu cuenta escribiéndonos. Conservaremos los registros de donaciones que la ley nos obligue a guardar.',
      ],
    },
    {
      title: 'Donaciones',
      paragraphs: [
        'Las donaciones se expresan en quetzales (GTQ) y son voluntarias. Al donar declaras que eres titular de la tarjeta o que cuentas con autorización para usarla.',
        'Cada donación recibe un número de referencia (por ejemplo, #MG12345678). La donación queda pendiente hasta que el procesador de pagos confirma el cobro; si el cobro no se completa, la donación no se cobra y queda registrada como no completada.',
        'Nunca recibimos ni almacenamos el número completo de tu tarjeta ni su código de seguridad (CVC): tu navegador solo nos envía los últimos cuatro dígitos y la marca de la tarjeta.',
        'Las donaciones completadas no son reembolsables, salvo error evidente en el monto o cargo no autorizado. Si crees que hubo un error, escríbenos dentro de los 30 días siguientes indicando tu número de referencia.',
      ],
    },
    {
      title: 'Recibos y deducibilidad',
      paragraphs: [
        `Si necesitas un recibo para fines fiscales, escríbenos a ${email} con tu número de referencia, nombre y NIT. La deducibilidad de la donación se rige por la legislación tributaria vigente en Guatemala y por los requisitos de la Superintendencia de Administración Tributaria (SAT).`,
      ],
    },
    {
      title: 'Uso de los fondos',
      paragraphs: [
        'Destinamos las donaciones a nuestros programas y a los gastos necesarios para sostenerlos. Cuando una donación se hace para un programa específico, procuramos asignarla a ese programa; si el programa ya alcanzó su meta, la destinaremos al programa con mayor necesidad.',
      ],
    },
    {
      title: 'Contenido y propiedad intelectual',
      paragraphs: [
        `Los textos, ilustraciones y marcas de este sitio pertenecen a ${org} o se usan con autorización. No puedes reproducirlos con fines comerciales sin nuestro permiso por escrito.`,
      ],
    },
    {
      title: 'Responsabilidad',
      paragraphs: [
        'Procuramos que el sitio esté disponible y funcione correctamente, pero puede haber interrupciones por mantenimiento o causas ajenas a nosotros. Durante el mantenimiento no se reciben donaciones nuevas.',
        'No somos responsables por daños derivados del uso indebido del sitio ni por fallas de servicios de terceros, como proveedores de internet o entidades bancarias.',
      ],
    },
    {
      title: 'Cambios y ley aplicable',
      paragraphs: [
        'Podemos actualizar estos términos; publicaremos la versión vigente en esta página con su fecha de actualización.',
        'Estos términos se rigen por las leyes de la República de Guatemala. Cualquier controversia se someterá a los tribunales competentes de la Ciudad de Guatemala.',
      ],
    },
  ],
  privacyTitle: 'Política de privacidad',
  privacyIntro: (org: string) =>
    `En ${org} cuidamos los datos de quienes nos apoyan. Esta política explica qué datos guardamos, para qué, por cuánto tiempo y cómo puedes ejercer tus derechos.`,
  privacy: (org: string, email: string, phone: string) => [
    {
      title: 'Responsable de tus datos',
      paragraphs: [`${org} es responsable del tratamiento de tus datos. Puedes contactarnos en ${email} o al ${phone}.`],
    },
    {
      title: 'Qué datos guardamos',
      paragraphs: [
        'Cuando donas: tu nombre, correo electrónico, teléfono (opcional), NIT (opcional), el monto, la fecha, el número de referencia, los últimos cuatro dígitos y la marca de tu tarjeta, y la dirección IP desde la que se hizo la solicitud.',
        'Nunca recibimos ni guardamos el número completo de tu tarjeta ni el código de seguridad (CVC). Esos datos solo existen en tu navegador mientras completas el formulario.',
        'Si creas una cuenta: tu nombre, apellido, correo electrónico, una versión cifrada de tu contraseña (nunca la contraseña misma), tu teléfono y dirección si decides darlos, tus preferencias de comunicación y privacidad, y la fecha de tu último acceso.',
      ],
    },
    {
      title: 'Para qué los usamos',
      paragraphs: [
        'Para registrar y procesar tu donación, darte un número de referencia, emitir recibos y atender tus consultas.',
        'Para llevar la contabilidad de la organización y cumplir con nuestras obligaciones legales y tributarias.',
        'Para enviarte avisos sobre tu cuenta y tus donaciones y, solo si lo aceptas en tus preferencias, informes mensuales y noticias de los programas.',
        'Para proteger la plataforma contra fraude y abuso (por ejemplo, limitar intentos repetidos).',
      ],
    },
    {
      title: 'Quién puede verlos',
      paragraphs: [
        'Solo el personal autorizado de la organización ve tu nombre completo y tu correo. En las listas públicas de donaciones mostramos tu nombre con la inicial del apellido y un correo enmascarado (por ejemplo, m***@gmail.com); si eliges mostrar tus donaciones públicamente, tu nombre completo, pero nunca tu correo completo. Si donas de forma anónima, esa donación aparece como «Anónimo», sin tu nombre ni tu correo.',
        'No vendemos ni alquilamos tus datos. Solo los compartimos con el procesador de pagos que realiza el cobro, con el servicio de correo que entrega nuestros mensajes y con autoridades cuando la ley lo exige.',
      ],
    },
    {
      title: 'Cuánto tiempo los conservamos',
      paragraphs: [
        'Los registros de donaciones se conservan durante el tiempo que exige la legislación tributaria y contable de Guatemala (al menos cuatro años) y luego se eliminan o anonimizan.',
        'Los datos de tu cuenta se conservan mientras la cuenta esté activa. Las sesiones iniciadas vencen a los 30 días y las claves técnicas que evitan donaciones duplicadas se borran a las 24 horas.',
      ],
    },
    {
      title: 'Cookies y almacenamiento del navegador',
      paragraphs: [
        'Usamos solo lo necesario para que funcione tu sesión: una cookie segura con tu token de sesión (no accesible desde JavaScript), una cookie de protección contra solicitudes falsificadas (CSRF) y, en el almacenamiento local, tu identificador, correo y roles para recordar tu sesión. No usamos cookies de publicidad ni de seguimiento.',
      ],
    },
    {
      title: 'Tus derechos',
      paragraphs: [
        `Puedes pedir acceso a tus datos, su corrección, su eliminación cuando ya no sean necesarios, u oponerte a recibir comunicaciones. Escríbenos a ${email} desde el correo registrado; responderemos en un plazo máximo de 10 días hábiles.`,
        'Desde tu cuenta puedes actualizar tu perfil, tus preferencias de comunicación y decidir si tus donaciones se muestran públicamente.',
      ],
    },
    {
      title: 'Seguridad',
      paragraphs: [
        'Protegemos la información con conexiones cifradas, contraseñas cifradas con algoritmos robustos, accesos por roles y registros de auditoría de cada cambio en las donaciones.',
      ],
    },
    {
      title: 'Menores de edad',
      paragraphs: [
        'Las cuentas y donaciones son para personas mayores de 18 años. Los datos de los niños y adolescentes que participan en nuestros programas no se publican en este sitio.',
      ],
    },
    {
      title: 'Cambios a esta política',
      paragraphs: ['Si cambiamos esta política, publicaremos la nueva versión en esta página con su fecha de actualización.'],
    },
  ],
} as const;
