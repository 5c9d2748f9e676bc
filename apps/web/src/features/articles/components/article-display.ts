import DOMPurify from 'dompurify';
import { ARTICLE_HTML_ATTRIBUTES, ARTICLE_HTML_TAGS, ARTICLE_LINK_SCHEMES, ArticleReadLogTexts } from '@osp/shared';
import { ownImageSrc, type ImageState } from './article-images';

/*
 * An article's HTML on its way to the screen (DESIGN §5a): cut again, in the browser, to the allow-list the server
 * keeps on save (packages/shared article-html.ts), then made readable: images from object URLs, links in a new tab,
 * tables in a box that scrolls sideways.
 */

/**
 * An instance of its own: the per-tag attribute hook below must not reach the app's other sanitising (toasts). Its
 * URI rule is DOMPurify's default with only the article's link schemes.
 */
const purify = DOMPurify(window);
const ARTICLE_URI = new RegExp(`^(?:(?:${ARTICLE_LINK_SCHEMES.join('|')}):|[^a-z]|[a-z+.-]+(?:[^a-z+.\\-:]|$))`, 'i');
purify.addHook('uponSanitizeAttribute', (node, data) => {
  const allowed = ARTICLE_HTML_ATTRIBUTES[node.nodeName.toLowerCase()] ?? [];
  if (!allowed.includes(data.attrName)) data.keepAttr = false;
});

const ALL_ATTRIBUTES = [...new Set(Object.values(ARTICLE_HTML_ATTRIBUTES).flat())];

export function sanitizeArticleHtml(html: string): string {
  return purify.sanitize(html, {
    ALLOWED_TAGS: [...ARTICLE_HTML_TAGS],
    ALLOWED_ATTR: ALL_ATTRIBUTES,
    ALLOWED_URI_REGEXP: ARTICLE_URI,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}

function parse(clean: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = clean;
  return template.content;
}

/** The addresses of the article's own images, in order, once each. */
export function imageSourcesOf(clean: string): string[] {
  const sources = new Set<string>();
  for (const img of parse(clean).querySelectorAll('img')) {
    const src = ownImageSrc(img.getAttribute('src'));
    if (src !== undefined) sources.add(src);
  }
  return [...sources];
}

/**
 * The sanitised HTML as the page shows it: each image from its object URL (none while it comes, so the browser never
 * asks the API without the token; an address that is not one of our files is not loaded at all), each link in a new
 * tab without access to this page, each table in a box that scrolls sideways on a narrow screen.
 */
export function displayHtml(clean: string, imageOf: (src: string) => ImageState): string {
  const content = parse(clean);
  for (const img of content.querySelectorAll('img')) {
    const src = ownImageSrc(img.getAttribute('src'));
    const state = src === undefined ? ({ kind: 'failed' } as const) : imageOf(src);
    img.removeAttribute('src');
    img.classList.add('article-content__image');
    if (state.kind === 'ready') img.setAttribute('src', state.url);
    else {
      img.classList.add(`article-content__image--${state.kind}`);
      if (state.kind === 'failed') img.setAttribute('alt', img.getAttribute('alt') || ArticleReadLogTexts.imageFailed);
    }
  }
  for (const link of content.querySelectorAll('a[href]')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  for (const table of content.querySelectorAll('table')) {
    const box = document.createElement('div');
    box.className = 'article-content__table';
    table.replaceWith(box);
    box.append(table);
  }
  const holder = document.createElement('div');
  holder.append(content);
  return holder.innerHTML;
}
