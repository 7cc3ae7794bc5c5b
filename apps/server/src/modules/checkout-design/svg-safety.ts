/**
 * Whether an SVG logo is a plain drawing. An unsafe one is refused rather than cleaned: what a cleaner
 * leaves is not what the merchant drew, and a refusal says what to fix. The portal and the checkout
 * show logos in <img> and the server serves them under a policy that runs nothing, so a case missed
 * here still cannot run; this is the first of those walls.
 */

// Elements that run code, embed another document or load one.
const UNSAFE_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
  'audio',
  'video',
]);

// A start tag: its name, then attributes with quoted, unquoted or no values (a quoted value may hold `>`).
const START_TAG =
  /<([A-Za-z_][\w.:-]*)((?:\s+[^\s=/>"']+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/y;
const ATTRIBUTE = /([^\s=/>"']+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;
const END_TAG = /<\/[A-Za-z_][\w.:-]*\s*>/y;
// CSS that loads something: an import, or a url() that is not a reference inside the document.
const CSS_LOAD = /@import|url\s*\(\s*(?:["']\s*)?(?!#)|expression\s*\(|javascript:/i;

const localName = (name: string) => (name.split(':').pop() ?? name).toLowerCase();
const unquoted = (value: string) => (/^["']/.test(value) ? value.slice(1, -1) : value);

export interface SvgAttributes {
  readonly [name: string]: string;
}

/** The SVG's root attributes when it is safe; undefined when it is not (or is not an SVG at all). */
export function safeSvgRoot(text: string): SvgAttributes | undefined {
  if (CSS_LOAD.test(text)) return undefined;
  let root: SvgAttributes | undefined;
  let index = 0;
  while (index < text.length) {
    const open = text.indexOf('<', index);
    if (open < 0) break;
    const rest = text.slice(open, open + 9).toLowerCase();
    if (rest.startsWith('<!--')) {
      const close = text.indexOf('-->', open + 4);
      if (close < 0) return undefined;
      index = close + 3;
    } else if (rest.startsWith('<![cdata[')) {
      const close = text.indexOf(']]>', open);
      if (close < 0) return undefined;
      index = close + 3;
    } else if (rest.startsWith('<?')) {
      // Only the XML declaration, first: a stylesheet instruction loads another document.
      if (open !== text.search(/\S/) || !/^<\?xml\s/i.test(text.slice(open))) return undefined;
      const close = text.indexOf('?>', open);
      if (close < 0) return undefined;
      index = close + 2;
    } else if (rest.startsWith('<!')) {
      // DOCTYPE and ENTITY declarations: entities expand into anything.
      return undefined;
    } else if (rest.startsWith('</')) {
      END_TAG.lastIndex = open;
      if (!END_TAG.test(text)) return undefined;
      index = END_TAG.lastIndex;
    } else {
      START_TAG.lastIndex = open;
      const tag = START_TAG.exec(text);
      if (tag === null) return undefined;
      const name = localName(tag[1] ?? '');
      if (UNSAFE_ELEMENTS.has(name)) return undefined;
      const attributes = attributesOf(tag[2] ?? '');
      if (attributes === undefined) return undefined;
      if (root === undefined) {
        if (name !== 'svg') return undefined;
        root = attributes;
      }
      index = START_TAG.lastIndex;
    }
  }
  return root;
}

function attributesOf(source: string): SvgAttributes | undefined {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = localName(match[1] ?? '');
    const value = unquoted(match[2] ?? '');
    // Event handlers (onload=, onclick=, …) run script.
    if (name.startsWith('on')) return undefined;
    // href and xlink:href may only point inside the document.
    if (name === 'href' && !value.startsWith('#')) return undefined;
    // src loads; an animation can rewrite an href after the check.
    if (name === 'src' || (name === 'attributename' && /href/i.test(value))) return undefined;
    attributes[name] = value;
  }
  return attributes;
}
