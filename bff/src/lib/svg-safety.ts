import { SaxesParser } from 'saxes';

/**
 * What in an SVG could run code or fetch something when the portal serves it from its own origin
 * (the council's logo, also opened on its own as a page): script, event handlers, references to
 * anything outside the file, embedded HTML, and DTDs (entities). Read with a real XML parser, so
 * no spelling (prefixes, quoting, entities, CDATA) slips past. Each kind of problem is said once,
 * with its first occurrence; an empty list means none was found.
 */
export function svgProblems(svg: string): string[] {
  const problems = new Map<string, string>();
  const found = (kind: string, detail: string) => {
    if (!problems.has(kind)) problems.set(kind, detail);
  };
  const open: string[] = [];
  const parser = new SaxesParser({ position: false });

  parser.on('doctype', () => found('doctype', 'has a DOCTYPE (entities and external DTDs)'));
  parser.on('processinginstruction', ({ target }) =>
    found('instruction', `has a processing instruction <?${target}?>`),
  );
  parser.on('opentag', (tag) => {
    const element = localName(tag.name);
    if (open.length === 0 && element !== 'svg')
      found('root', `is not an SVG (its root is <${tag.name}>)`);
    open.push(element);
    if (SCRIPT_ELEMENTS.has(element)) found('script', `has a <${tag.name}> element`);
    if (element.toLowerCase() === 'foreignobject')
      found('foreignObject', `has a <${tag.name}> element (embedded HTML)`);
    for (const [name, value] of Object.entries(tag.attributes)) {
      const attribute = localName(name).toLowerCase();
      if (attribute.startsWith('on')) {
        found('event', `has an event-handler attribute ${name} on <${tag.name}>`);
      } else if (attribute === 'href' || attribute === 'src') {
        if (!isInternal(value)) found('reference', externalReference(name, tag.name, value));
      } else if (ANIMATIONS.has(element) && attribute === 'attributename') {
        const target = localName(value).toLowerCase();
        if (target === 'href' || target === 'src' || target.startsWith('on'))
          found('animation', `has a <${tag.name}> that changes ${value}`);
      }
      for (const url of cssUrls(value)) found('reference', externalReference(name, tag.name, url));
    }
  });
  parser.on('closetag', () => void open.pop());
  const styleText = (text: string) => {
    if (open.at(-1) !== 'style') return;
    if (/@import/i.test(text)) found('reference', 'has a <style> with @import');
    for (const url of cssUrls(text)) found('reference', `has a <style> referring to "${url}"`);
  };
  parser.on('text', styleText);
  parser.on('cdata', styleText);

  try {
    parser.write(svg).close();
  } catch (err) {
    // an entity a DOCTYPE declared fails to parse: the DOCTYPE is the problem to tell
    if (problems.has('doctype')) return [...problems.values()];
    return [`is not well-formed XML (${(err as Error).message.split('\n')[0]})`];
  }
  return [...problems.values()];
}

/** `<script>`, and SVG Tiny's `<handler>` (script run on an event). */
const SCRIPT_ELEMENTS = new Set(['script', 'handler']);
const ANIMATIONS = new Set(['set', 'animate', 'animateTransform', 'animateMotion', 'animateColor']);

/** Prefixes dropped: `xlink:href`, `svg:script` and a made-up `x:href` are the same thing. */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** A same-document fragment (`#shape`) or an image written into the file (`data:image/png;…`). */
const isInternal = (reference: string) => /^\s*(#|data:image\/)/i.test(reference);

/** The targets of CSS `url(…)` that point anywhere but inside the file. */
function cssUrls(text: string): string[] {
  return [...text.matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi)]
    .map((match) => match[2] ?? '')
    .filter((target) => !isInternal(target));
}

const externalReference = (attribute: string, element: string, target: string) =>
  `refers to "${target.length > 60 ? `${target.slice(0, 60)}…` : target}" (${attribute} on <${element}>)`;
