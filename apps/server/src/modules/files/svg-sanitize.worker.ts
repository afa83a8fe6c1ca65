// Runs in a worker thread (svg-sanitizer.ts starts it): sanitising a large SVG takes seconds of
// CPU that must not stall the API's event loop. Node loads this file on its own, so it imports
// only packages, never `@/` or relative modules.
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { parentPort, workerData } from 'node:worker_threads';

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** What sanitising one SVG gave: the clean markup, or why there is none. */
export type SvgSanitizeResult =
  { kind: 'clean'; svg: string } | { kind: 'not_svg' } | { kind: 'too_complex' };

/** The `role` in `workerData` that makes this module answer sanitise requests. */
export const SVG_SANITIZER_ROLE = 'atelier-svg-sanitizer';

/**
 * Starts DOMPurify on a jsdom window (its recommended server DOM), set for SVG: the svg and
 * svgFilters profiles, plus `<use>` limited to references inside the file (`#id`), which design
 * tools export for repeated shapes. Everything else active goes: scripts, event handlers,
 * animation elements (`set`, `animate`), foreignObject, and links whose scheme is not a web one
 * (javascript:, vbscript:, data: outside images), after entity decoding and with whitespace or
 * control characters removed, as a browser would read them.
 */
export const createSvgSanitizeFunction = () => {
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const isReference = data.attrName === 'href' || data.attrName === 'xlink:href';
    if (isReference && node.nodeName.toLowerCase() === 'use' && !data.attrValue.startsWith('#')) {
      data.keepAttr = false;
    }
  });

  /**
   * The sanitised SVG of `text` (UTF-8 text of an XML document whose root is an SVG `<svg>`),
   * as an XML document without prolog or DOCTYPE; `not_svg` for anything else, `too_complex`
   * past `maxElements` elements (checked before parsing, so the work stays bounded).
   */
  return (text: string, maxElements: number): SvgSanitizeResult => {
    const tags = /<[A-Za-z]/g;
    for (let count = 0; tags.exec(text); count += 1) {
      if (count >= maxElements) return { kind: 'too_complex' };
    }
    const parse = (markup: string) =>
      new window.DOMParser().parseFromString(markup, 'image/svg+xml');
    let document = parse(text);
    if (document.documentElement.localName === 'svg' && !document.documentElement.namespaceURI) {
      // An <svg> copied out of an HTML page has no namespace, and no browser shows it as an
      // image until it has one.
      document = parse(text.replace(/<svg(?=[\s/>])/, `<svg xmlns="${SVG_NAMESPACE}"`));
    }
    const root = document.documentElement;
    if (
      root.localName !== 'svg' ||
      root.namespaceURI !== SVG_NAMESPACE ||
      document.getElementsByTagName('parsererror').length > 0
    ) {
      return { kind: 'not_svg' };
    }
    try {
      purify.sanitize(root, {
        IN_PLACE: true,
        USE_PROFILES: { svg: true, svgFilters: true },
        ADD_TAGS: ['use'],
      });
    } catch {
      // IN_PLACE refuses a root it would remove, such as a prefixed `<svg:svg>`.
      return { kind: 'not_svg' };
    }
    return { kind: 'clean', svg: new window.XMLSerializer().serializeToString(root) };
  };
};

type SanitizeRequest = { id: number; text: string; maxElements: number };

const { role } = (workerData ?? {}) as { role?: string };
if (parentPort && role === SVG_SANITIZER_ROLE) {
  const port = parentPort;
  const sanitize = createSvgSanitizeFunction();
  port.on('message', ({ id, text, maxElements }: SanitizeRequest) => {
    let result: SvgSanitizeResult;
    try {
      result = sanitize(text, maxElements);
    } catch {
      result = { kind: 'not_svg' };
    }
    port.postMessage({ id, result });
  });
}
