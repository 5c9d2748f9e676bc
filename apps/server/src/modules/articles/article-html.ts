import sanitizeHtml from 'sanitize-html';
import { ARTICLE_HTML_ATTRIBUTES, ARTICLE_HTML_TAGS, ARTICLE_LINK_SCHEMES, ARTICLE_OWN_IMAGE } from '@osp/shared';

/**
 * The allow-list an article's HTML is cut to on save (DESIGN §5a): packages/shared's ARTICLE_HTML_*, which the web
 * cuts it to again on display. Whatever is not on the list is dropped with its markup and, for script and style, with
 * its text.
 */

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ARTICLE_HTML_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(ARTICLE_HTML_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...ARTICLE_LINK_SCHEMES],
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
  exclusiveFilter: (frame) => frame.tag === 'img' && !ARTICLE_OWN_IMAGE.test(frame.attribs.src ?? ''),
};

/** The article's HTML with only the allowed markup left. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
