#!/usr/bin/env node
/**
 * Generates the reduction (bonificación) PDFs in councils/nigran (the bundled council's documents) from the texts below and the
 * council's details in councils/nigran/council.json:
 *
 *   axuda-bonificacion-{es,gl,en}.pdf  help guide linked from /login (by language)
 *   bonificacion.pdf (es), bonificacion-gl.pdf  requirements, declaration and documentation,
 *                                               linked from the reduction popup
 *
 * Real text (no scans), tagged (H1/H2/P/L structure), with title, language and author metadata.
 * The reduction percentage is never written: the council sets it as a parameter in the portal.
 *
 *   npm run docs:gen -w web            (re)generate
 *   npm run docs:gen -w web -- --check fail when the committed PDFs are not what the script makes
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

const council = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../councils/nigran/council.json', import.meta.url)),
    'utf8',
  ),
);
const outDir = fileURLToPath(new URL('../../councils/nigran/', import.meta.url));
/** Fixed dates keep the output byte-for-byte reproducible (see --check). */
const DOC_DATE = new Date(Date.UTC(2026, 10, 21));
const website = council.website.replace(/^https?:\/\//, '');
const shortTime = (t) => t.replace(/^0(\d)/, '$1');

const contact = {
  es: [
    `${council.department}, ${council.name}`,
    `Dirección: ${council.address}`,
    `Teléfonos: ${council.phones.join(' / ')}`,
    `Correo electrónico: ${council.sportsEmail}`,
    `Horario: de lunes a viernes, de ${shortTime(council.hours.from)} a ${shortTime(council.hours.to)}`,
    `Web: ${website}`,
  ],
  gl: [
    `${council.department}, ${council.name}`,
    `Enderezo: ${council.address}`,
    `Teléfonos: ${council.phones.join(' / ')}`,
    `Correo electrónico: ${council.sportsEmail}`,
    `Horario: de luns a venres, das ${shortTime(council.hours.from)} ás ${shortTime(council.hours.to)}`,
    `Web: ${website}`,
  ],
  en: [
    `${council.department}, ${council.name}`,
    `Address: ${council.address}`,
    `Phones: ${council.phones.join(' / ')}`,
    `Email: ${council.sportsEmail}`,
    `Opening hours: Monday to Friday, ${shortTime(council.hours.from)} to ${shortTime(council.hours.to)}`,
    `Website: ${website}`,
  ],
};

/** Blocks: ['h2', text] | ['p', text] | ['ul', [items]] | ['ol', [items]]. */
const documents = [
  {
    file: 'axuda-bonificacion-es.pdf',
    lang: 'es-ES',
    title: 'Ayuda: bonificación de la cuota de las actividades deportivas',
    blocks: [
      ['h2', '¿Qué es la bonificación?'],
      [
        'p',
        'Es una reducción del importe que pagas por las actividades deportivas municipales. El porcentaje lo fija el Ayuntamiento para cada temporada y puede cambiar; antes de pagar, el portal te muestra el importe con la bonificación ya aplicada.',
      ],
      ['h2', '¿Quién puede solicitarla?'],
      [
        'p',
        'Las personas que cumplen los requisitos que establece el Ayuntamiento en la ordenanza reguladora del precio público de las actividades deportivas municipales. Al solicitarla declaras que cumples esos requisitos y te comprometes a presentar la documentación que los acredita.',
      ],
      ['h2', '¿Cómo se solicita?'],
      [
        'ol',
        [
          'Inicia sesión en el portal y, en tu panel, marca las actividades pendientes que vas a pagar.',
          'Marca la casilla de bonificación. Solo aparece cuando el Ayuntamiento tiene una bonificación activa.',
          'Lee la declaración de la ventana que se abre. Si cumples los requisitos, pulsa Aceptar: el importe a pagar se actualiza.',
          'Paga con tarjeta en la pasarela de pago segura.',
          'Presenta la documentación que acredita los requisitos en el servicio municipal de deportes, en el registro del Ayuntamiento o en su sede electrónica, en el plazo que se te indique.',
        ],
      ],
      ['h2', 'Importante'],
      [
        'p',
        'Si no se acredita que se cumplen los requisitos, se pierde la bonificación y el Ayuntamiento puede reclamar la diferencia hasta el importe completo de la cuota. Los requisitos y la documentación se detallan en el documento «Bonificación en la cuota», que puedes descargar en el portal al marcar la casilla.',
      ],
      ['h2', 'Contacto'],
      ['ul', contact.es],
    ],
  },
  {
    file: 'axuda-bonificacion-gl.pdf',
    lang: 'gl-ES',
    title: 'Axuda: bonificación da cota das actividades deportivas',
    blocks: [
      ['h2', 'Que é a bonificación?'],
      [
        'p',
        'É unha redución do importe que pagas polas actividades deportivas municipais. A porcentaxe fíxaa o Concello para cada tempada e pode cambiar; antes de pagar, o portal amósache o importe coa bonificación xa aplicada.',
      ],
      ['h2', 'Quen pode solicitala?'],
      [
        'p',
        'As persoas que cumpren os requisitos que establece o Concello na ordenanza reguladora do prezo público das actividades deportivas municipais. Ao solicitala declaras que cumpres eses requisitos e comprométeste a presentar a documentación que os acredita.',
      ],
      ['h2', 'Como se solicita?'],
      [
        'ol',
        [
          'Inicia sesión no portal e, no teu panel, marca as actividades pendentes que vas pagar.',
          'Marca a caixa de bonificación. Só aparece cando o Concello ten unha bonificación activa.',
          'Le a declaración da xanela que se abre. Se cumpres os requisitos, preme Aceptar: o importe que hai que pagar actualízase.',
          'Paga con tarxeta na pasarela de pagamento segura.',
          'Presenta a documentación que acredita os requisitos no servizo municipal de deportes, no rexistro do Concello ou na súa sede electrónica, no prazo que se che indique.',
        ],
      ],
      ['h2', 'Importante'],
      [
        'p',
        'Se non se acredita que se cumpren os requisitos, pérdese a bonificación e o Concello pode reclamar a diferenza ata o importe completo da cota. Os requisitos e a documentación detállanse no documento «Bonificación na cota», que podes descargar no portal ao marcar a caixa.',
      ],
      ['h2', 'Contacto'],
      ['ul', contact.gl],
    ],
  },
  {
    file: 'axuda-bonificacion-en.pdf',
    lang: 'en-GB',
    title: 'Help: reduction of the sports activities fee',
    blocks: [
      ['h2', 'What is the reduction?'],
      [
        'p',
        'It is a discount on the amount you pay for municipal sports activities. The council sets the percentage for each season and it may change; before you pay, the portal shows you the amount with the reduction already applied.',
      ],
      ['h2', 'Who can apply?'],
      [
        'p',
        'People who meet the requirements the council sets in its by-law on the public price of municipal sports activities. When you apply, you declare that you meet those requirements and undertake to provide the documents that prove it.',
      ],
      ['h2', 'How to apply'],
      [
        'ol',
        [
          'Log in to the portal and, on your dashboard, tick the pending activities you are going to pay for.',
          'Tick the reduction box. It only appears when the council has a reduction in force.',
          'Read the declaration in the window that opens. If you meet the requirements, press Accept: the amount to pay is updated.',
          'Pay by card on the secure payment gateway.',
          "Hand in the documents proving the requirements at the municipal sports service, at the council's registry or through its online office, within the period you are given.",
        ],
      ],
      ['h2', 'Important'],
      [
        'p',
        'If you do not prove that the requirements are met, the reduction is lost and the council may claim the difference up to the full fee. The requirements and documents are detailed in the "Reduction of the fee" document (in Spanish and Galician), which you can download in the portal when you tick the box.',
      ],
      ['h2', 'Contact'],
      ['ul', contact.en],
    ],
  },
  {
    file: 'bonificacion.pdf',
    lang: 'es-ES',
    title: 'Bonificación en la cuota de las actividades deportivas municipales',
    blocks: [
      ['h2', 'Qué es'],
      [
        'p',
        'Una reducción del precio de las actividades deportivas municipales para las personas que cumplen los requisitos. El porcentaje de la bonificación lo fija el Ayuntamiento para cada temporada y el portal lo aplica al importe antes del pago.',
      ],
      ['h2', 'Requisitos'],
      [
        'p',
        `Son los que establece la ordenanza reguladora del precio público de las actividades deportivas municipales vigente en cada temporada. Puedes consultarla en la web municipal (${website}) o en el servicio de deportes.`,
      ],
      ['h2', 'Declaración responsable'],
      [
        'p',
        'Al marcar la bonificación en el portal y aceptar la ventana de confirmación, la persona titular de la cuenta declara, bajo su responsabilidad, que la persona inscrita cumple los requisitos para obtener la bonificación, y se compromete a presentar la documentación que lo acredita cuando el Ayuntamiento la solicite.',
      ],
      ['h2', 'Documentación'],
      [
        'ul',
        [
          'Documento de identidad (DNI o NIE) de la persona inscrita.',
          'Los documentos que acreditan cada requisito, según la ordenanza.',
          'Cualquier otro documento que el servicio de deportes pida para comprobar la situación declarada.',
        ],
      ],
      ['h2', 'Cómo y dónde presentarla'],
      [
        'p',
        `En el servicio municipal de deportes, en el registro general del Ayuntamiento (${council.address}) o en su sede electrónica (${website}), en el plazo que se te indique.`,
      ],
      ['h2', 'Consecuencias'],
      [
        'p',
        'No presentar la documentación, o que lo declarado no sea cierto, supone perder la bonificación, y el Ayuntamiento puede reclamar la diferencia hasta el importe completo de la cuota, sin perjuicio de otras responsabilidades.',
      ],
      ['h2', 'Contacto'],
      ['ul', contact.es],
    ],
  },
  {
    file: 'bonificacion-gl.pdf',
    lang: 'gl-ES',
    title: 'Bonificación na cota das actividades deportivas municipais',
    blocks: [
      ['h2', 'Que é'],
      [
        'p',
        'Unha redución do prezo das actividades deportivas municipais para as persoas que cumpren os requisitos. A porcentaxe da bonificación fíxaa o Concello para cada tempada e o portal aplícaa ao importe antes do pagamento.',
      ],
      ['h2', 'Requisitos'],
      [
        'p',
        `Son os que establece a ordenanza reguladora do prezo público das actividades deportivas municipais vixente en cada tempada. Podes consultala na web municipal (${website}) ou no servizo de deportes.`,
      ],
      ['h2', 'Declaración responsable'],
      [
        'p',
        'Ao marcar a bonificación no portal e aceptar a xanela de confirmación, a persoa titular da conta declara, baixo a súa responsabilidade, que a persoa inscrita cumpre os requisitos para obter a bonificación, e comprométese a presentar a documentación que o acredita cando o Concello a solicite.',
      ],
      ['h2', 'Documentación'],
      [
        'ul',
        [
          'Documento de identidade (DNI ou NIE) da persoa inscrita.',
          'Os documentos que acreditan cada requisito, segundo a ordenanza.',
          'Calquera outro documento que o servizo de deportes pida para comprobar a situación declarada.',
        ],
      ],
      ['h2', 'Como e onde presentala'],
      [
        'p',
        `No servizo municipal de deportes, no rexistro xeral do Concello (${council.address}) ou na súa sede electrónica (${website}), no prazo que se che indique.`,
      ],
      ['h2', 'Consecuencias'],
      [
        'p',
        'Non presentar a documentación, ou que o declarado non sexa certo, supón perder a bonificación, e o Concello pode reclamar a diferenza ata o importe completo da cota, sen prexuízo doutras responsabilidades.',
      ],
      ['h2', 'Contacto'],
      ['ul', contact.gl],
    ],
  },
];

const COLOR = { text: '#1b1b1b', heading: '#1a4480' };

/** Renders one document to a Buffer. */
export function render(docDef) {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margins: { top: 64, bottom: 64, left: 64, right: 64 },
      pdfVersion: '1.7',
      tagged: true,
      lang: docDef.lang,
      displayTitle: true,
      info: {
        Title: docDef.title,
        Author: council.name,
        Subject: docDef.title,
        Creator: council.name,
        Producer: council.name,
        CreationDate: DOC_DATE,
        ModDate: DOC_DATE,
      },
    });
    const chunks = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const root = doc.struct('Document');
    doc.addStructure(root);

    const block = (type, draw) => root.add(doc.struct(type, draw));

    block('P', () =>
      doc.font('Helvetica-Bold').fontSize(11).fillColor(COLOR.heading).text(council.name),
    );
    doc.moveDown(0.5);
    block('H1', () =>
      doc.font('Helvetica-Bold').fontSize(20).fillColor(COLOR.text).text(docDef.title),
    );
    doc.moveDown(0.6);

    for (const [kind, content] of docDef.blocks) {
      if (kind === 'h2') {
        doc.moveDown(0.6);
        block('H2', () =>
          doc.font('Helvetica-Bold').fontSize(14).fillColor(COLOR.heading).text(content),
        );
        doc.moveDown(0.3);
      } else if (kind === 'p') {
        block('P', () =>
          doc.font('Helvetica').fontSize(11).fillColor(COLOR.text).text(content, { lineGap: 3 }),
        );
        doc.moveDown(0.4);
      } else {
        const list = doc.struct('L');
        root.add(list);
        doc.font('Helvetica').fontSize(11).fillColor(COLOR.text);
        doc.list(content, {
          structParent: list,
          listType: kind === 'ol' ? 'numbered' : 'bullet',
          bulletRadius: 2.5,
          textIndent: 14,
          lineGap: 3,
          paragraphGap: 4,
        });
        list.end();
        doc.moveDown(0.4);
      }
    }
    root.end();
    doc.end();
  });
}

async function main() {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const docDef of documents) {
    const pdf = await render(docDef);
    const path = `${outDir}${docDef.file}`;
    if (check) {
      let current = null;
      try {
        current = readFileSync(path);
      } catch {
        // missing counts as stale
      }
      if (!current || !current.equals(pdf)) {
        stale += 1;
        console.error(`stale: public/assets/${docDef.file} (run npm run docs:gen -w web)`);
      }
    } else {
      writeFileSync(path, pdf);
      console.log(`wrote public/assets/${docDef.file} (${pdf.length} bytes)`);
    }
  }
  if (stale > 0) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main();
}
