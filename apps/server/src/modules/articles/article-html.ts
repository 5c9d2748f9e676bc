import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list an article's HTML is cut to on save (DESIGN §5a; the web runs DOMPurify again on display).
 * What the editor (tiptap) makes and nothing else: headings, paragraphs, lists, tables, links, images, inline
 * emphasis, quotes and code. No style, class or id attributes (a style can overlay the page; ids can clobber
 * globals), no forms, frames, base, meta or SVG. Whatever is not on the list is dropped with its markup and, for
 * script and style, with its text.
 */

/** Images only from our own file downloads: a remote image would tell another server who read the article. */
const OWN_IMAGE = /^\/api\/files\/download\/[A-Za-z0-9_-]{1,64}(\?[A-Za-z0-9_=&%.-]*)?$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
    'a',
    'img',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'blockquote',
    'code',
    'pre',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // Text of dropped elements is kept (a stray <font> keeps its words); these lose their text too.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'template'],
  transformTags: {
    // Every link opens apart from us and cannot reach back through window.opener.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_IMAGE.test(frame.attribs.src ?? ''),
};

/** The article's HTML with only the allowed markup left. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
