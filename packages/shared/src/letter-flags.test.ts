import { describe, expect, it } from 'vitest';
import { findLetterFlags, redactSpans, type LetterFlagKind } from './letter-flags';

/** Each sentence hides one contact detail, the substring that must be inside a flag of that kind. */
const CONTACT_DETAILS: Array<[LetterFlagKind, string, string]> = [
  ['email', 'Escríbeme a juanito.perez@gmail.com cuando puedas', 'juanito.perez@gmail.com'],
  ['email', 'Mi correo es ana_lopez23@hotmail.es', 'ana_lopez23@hotmail.es'],
  ['email', 'mi correo es maria arroba gmail punto com', 'maria arroba gmail punto com'],
  ['email', 'escribime a carlos99 arroba yahoo punto com punto gt', 'carlos99 arroba yahoo punto com'],
  ['email', 'My email is john (at) example (dot) com', 'john (at) example (dot) com'],
  ['email', 'write to sarah.m [at] outlook [dot] com please', 'sarah.m [at] outlook [dot] com'],
  ['email', 'busca mi correo de gmail: rosita2010', 'gmail'],
  ['email', 'Send it to mike @ mail . com', 'mike @ mail . com'],
  ['phone', 'Mi número es 5555-1234', '5555-1234'],
  ['phone', 'llámame al 4123 5678 por favor', '4123 5678'],
  ['phone', 'mi cel 55551234', '55551234'],
  ['phone', 'el teléfono de mi mamá es 3012.4567', '3012.4567'],
  ['phone', 'Puedes llamar al +502 5555 1234', '+502 5555 1234'],
  ['phone', 'número (502) 2234-5678 de la casa', '502) 2234-5678'],
  ['phone', 'marca 502-4455-6677 en la noche', '502-4455-6677'],
  ['phone', 'el número es 00502 5123 4567', '00502 5123 4567'],
  ['phone', 'My number is (555) 123-4567', '555) 123-4567'],
  ['phone', 'Call me at 555-123-4567 anytime', '555-123-4567'],
  ['phone', 'text me 555.123.4567', '555.123.4567'],
  ['phone', 'my phone: +1 312 555 0199', '+1 312 555 0199'],
  ['phone', 'toll free 1-800-555-1234', '1-800-555-1234'],
  ['phone', 'mi número es cinco cinco cinco cinco uno dos tres cuatro', 'cinco cinco cinco cinco uno dos tres cuatro'],
  ['phone', 'el número es 5 5 5 5 1 2 3 4', '5 5 5 5 1 2 3 4'],
  ['social', 'Agrégame en WhatsApp al 5555 1234', 'WhatsApp'],
  ['social', 'búscame en Facebook como Ana Pérez', 'Facebook'],
  ['social', 'sígueme en Instagram @luisito_gt', '@luisito_gt'],
  ['social', 'my insta is @jenny.smith', '@jenny.smith'],
  ['social', 'tengo TikTok: danielgt2012', 'TikTok'],
  ['social', 'mándame un wasap', 'wasap'],
  ['social', 'escríbeme por wa.me/50255551234', 'wa.me/50255551234'],
  ['social', 'Follow me on snapchat: sunny22', 'snapchat'],
  ['social', 'mi face es Pedro Chávez', 'mi face'],
  ['url', 'mira las fotos en https://fotos.example.org/album/5', 'https://fotos.example.org/album/5'],
  ['url', 'entra a www.miblog.net', 'www.miblog.net'],
  ['url', 'visit my page familysmith.com/photos', 'familysmith.com/photos'],
  ['url', 'la página facebook.com/ana.perez.77', 'facebook.com/ana.perez.77'],
  ['address', 'vivimos en la zona 18 de la capital', 'zona 18'],
  ['address', 'mi dirección es 4a. calle 5-23 zona 1', '4a. calle'],
  ['address', 'queda en 6a avenida 12-40', '6a avenida'],
  ['address', 'la casa está en el km 14.5 carretera a El Salvador', 'km 14.5'],
  ['address', 'vivo en casa No. 12 del caserío', 'casa No. 12'],
  ['address', 'estamos en el lote 4 manzana B', 'lote 4'],
  ['address', 'en la Colonia El Milagro', 'Colonia El'],
  ['address', 'mi casa queda en Calle Real de Jocotenango', 'Calle Real'],
  ['address', 'nosotros vivimos en la Aldea Chuisac', 'Aldea Chuisac'],
  ['address', 'I live at 1234 Oak Street in Dallas', '1234 Oak Street'],
  ['address', 'our address is 55 W Maple Ave.', '55 W Maple Ave'],
  ['address', 'send it to Apt 4B please', 'Apt 4B'],
  ['address', 'my mail goes to P.O. Box 778', 'P.O. Box 778'],
  ['address', 'we live in Austin, TX 78701', 'TX 78701'],
  ['address', 'kilómetro 20 ruta a Chimaltenango', 'kilómetro 20'],
  // Further usual writings: Guatemalan numbers grouped 4-2-2 or with a spaced
  // dash, US numbers with dashes after +1, handles after "IG:", profile links, short US streets.
  ['phone', 'mi cel es 4455 66 77', '4455 66 77'],
  ['phone', 'mi número 5 5 5 5 - 1 2 3 4', '5 5 5 5 - 1 2 3 4'],
  ['phone', 'Tel. 7762-1234 en la tienda', '7762-1234'],
  ['phone', 'Mi número es +502 5555-1234', '+502 5555-1234'],
  ['phone', 'call me at +1-312-555-0199', '+1-312-555-0199'],
  ['phone', 'my cell is 312.555.0199', '312.555.0199'],
  ['social', 'IG: @ana.gt2010', '@ana.gt2010'],
  ['social', 'mi insta: ana_gt', 'insta: ana_gt'],
  ['url', 'búscame en fb.com/ana.lopez', 'fb.com/ana.lopez'],
  ['url', 'my profile is instagram.com/ana.gt', 'instagram.com/ana.gt'],
  ['email', 'mi correo es ana.lopez at gmail dot com', 'ana.lopez at gmail dot com'],
  ['address', 'I live at 42 Elm St. near the park', '42 Elm St'],
];

const HARMLESS = [
  'Hola, tengo 8 años y me gusta mucho la escuela.',
  'Mi hermana tiene 12 años y mi hermano 5.',
  'Vivimos cerca del lago y vemos los volcanes.',
  'Gracias por tu regalo de Q150.00, compré zapatos.',
  'La fiesta fue el 12/05/2026 y comimos pastel.',
  'Saqué 95 puntos en matemáticas este bimestre.',
  'En mi clase somos 32 niños y 2 maestras.',
  'Me gusta jugar fútbol con mis amigos en la calle.',
  'Mi mamá hace tortillas todos los días a las 6 de la mañana.',
  'Caminamos 3 km para llegar a la escuela.',
  'Estoy en tercer grado de primaria.',
  'Mi color favorito es el azul y mi fruta la manzana.',
  'Comí una manzana y dos bananos en el recreo.',
  'El ciclo escolar 2025-2026 empezó en enero.',
  'Nací en 2017 y ahora estoy grande.',
  'Mi abuelita cumplió 70 años el 3 de marzo.',
  'Leí 4 libros este mes, el último tenía 120 páginas.',
  'La avenida del pueblo tiene muchas flores.',
  'En la aldea hay fiesta en agosto.',
  'Ayudo a mi papá a sembrar maíz y frijol.',
  'Me puse feliz con tu carta, la leí 10 veces.',
  'Te mando un dibujo de mi perro que se llama Canelo.',
  'Cuando sea grande quiero ser doctora.',
  'Este año llovió mucho y el río creció.',
  'Mi número favorito es el 7.',
  'Compramos cuadernos por Q25.50 cada uno.',
  'Tengo 1,250 quetzales ahorrados para la escuela? No, es broma.',
  'El 15 de septiembre desfilamos con la banda.',
  'Dios te bendiga a ti y a tu familia.',
  'Hi! I am 34 years old and I love hiking.',
  'We have two dogs and a cat named Milo.',
  'I work as a nurse at a hospital three days a week.',
  'It snowed 12 inches last weekend!',
  'My daughter turned 9 on 05/12/2026.',
  'I sent a gift of $25.00 for your birthday.',
  'We drove 300 miles to see the mountains.',
  'Keep studying hard, I am proud of you.',
  'Our garden has 14 tomato plants this summer.',
  'I read that Guatemala has 22 departments.',
  'Have a smile on your face every day.',
  'The school year 2026-2027 starts soon for my son.',
  'Mi papá trabaja en el campo de 7 a 4.',
  'Ganamos el partido 3 a 2.',
  'Ya sé contar hasta 1000.',
  'Mi escuela tiene 6 aulas y una cancha.',
  'Mi hermano nació el 5 de mayo de 2015.',
  'El bus sale a las 5:30 de la mañana.',
  'El examen es el 2026 11 30 y ya estudié.',
  'Navidad es el 25.12.2026 y haremos tamales.',
  'Tenemos 3 gallinas, 2 cerdos y 1 vaca.',
  'My favorite book has 300 pages.',
  'I scored 2 goals in soccer on Saturday.',
];

describe('the contact-details detector', () => {
  it('flags every contact detail of the corpus with its kind', () => {
    const missed: string[] = [];
    for (const [kind, sentence, detail] of CONTACT_DETAILS) {
      const flags = findLetterFlags(sentence);
      const at = sentence.indexOf(detail);
      const covering = flags.find((f) => f.start <= at && f.end >= at + detail.length);
      if (!covering) missed.push(`${sentence} -> ${JSON.stringify(flags)}`);
      else if (covering.kind !== kind && !(kind === 'social' && covering.kind === 'url')) missed.push(`${sentence}: ${covering.kind} instead of ${kind}`);
    }
    process.stdout.write(`Datos de contacto marcados: ${CONTACT_DETAILS.length - missed.length}/${CONTACT_DETAILS.length}\n`);
    expect(CONTACT_DETAILS.length).toBeGreaterThanOrEqual(40);
    expect(missed).toEqual([]);
  });

  it('leaves harmless sentences alone (false-positive rate at most 5%)', () => {
    const flagged = HARMLESS.filter((sentence) => findLetterFlags(sentence).length > 0);
    const rate = flagged.length / HARMLESS.length;
    process.stdout.write(`Frases inofensivas marcadas: ${flagged.length}/${HARMLESS.length} (${(rate * 100).toFixed(1)} %) ${JSON.stringify(flagged)}\n`);
    expect(HARMLESS.length).toBeGreaterThanOrEqual(40);
    expect(rate).toBeLessThanOrEqual(0.05);
  });

  it('gives spans that redaction replaces with [retirado]', () => {
    const text = 'Hola, mi correo es ana@example.com y mi número 5555-1234. Saludos.';
    const flags = findLetterFlags(text);
    expect(flags.map((f) => f.kind)).toEqual(['email', 'phone']);
    expect(flags.map((f) => f.text)).toEqual(['ana@example.com', '5555-1234']);
    expect(redactSpans(text, flags)).toBe('Hola, mi correo es [retirado] y mi número [retirado]. Saludos.');
  });

  it('merges overlapping findings into one flag', () => {
    const flags = findLetterFlags('Escríbeme por WhatsApp 5555 1234');
    expect(flags.length).toBe(1);
    expect(flags[0]?.text).toBe('WhatsApp 5555 1234');
  });
});
