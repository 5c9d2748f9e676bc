/**
 * The markup an article may hold (DESIGN §5a): one allow-list for the server, which cuts the HTML to it on save
 * (sanitize-html), and for the web, which cuts it again before display (DOMPurify). What the editor (tiptap) makes and
 * nothing else: headings, paragraphs, lists, tables, links, images, inline emphasis, quotes and code. No style, class
 * or id attributes (a style can overlay the page; ids can clobber globals), no forms, frames, base, meta, SVG or MathML
 * (their foreign-content parsing is where mutation XSS lives).
 */
export const ARTICLE_HTML_TAGS = [
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
] as const;

/** The attributes each tag may carry; every other attribute goes. */
export const ARTICLE_HTML_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  col: ['span'],
  ol: ['start'],
};

/** The address schemes a link may use; a relative address (no scheme) is allowed too. */
export const ARTICLE_LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** Images only from our own file downloads: a remote image would tell another server who read the article. */
export const ARTICLE_OWN_IMAGE = /^\/api\/files\/download\/[A-Za-z0-9_-]{1,64}(\?[A-Za-z0-9_=&%.-]*)?$/;
