import type { Brand } from '@portal/contracts/brands';

/** What a template says; the one layout below turns it into HTML and text, escaping every value. */
export interface EmailContent {
  readonly subject: string;
  readonly heading: string;
  readonly paragraphs: readonly string[];
  /** The one thing the reader should do, as a button (HTML) and a bare link (text). */
  readonly action?: { readonly label: string; readonly url: string };
  /** Small print under the action: why the reader got this, how long the link lasts. */
  readonly footnote?: string;
}

export interface RenderedEmail {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

const BRAND_LOOK: Readonly<Record<Brand, { name: string; colour: string }>> = {
  bread: { name: 'Bread', colour: '#a1500f' },
  rbc: { name: 'RBC', colour: '#005daa' },
};

/** The brand's name as messages sign and send them. */
export const BRAND_NAMES: Readonly<Record<Brand, string>> = {
  bread: BRAND_LOOK.bread.name,
  rbc: BRAND_LOOK.rbc.name,
};

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function renderEmail(content: EmailContent, brand: Brand): RenderedEmail {
  const look = BRAND_LOOK[brand];
  const paragraphs = content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n');
  const action = content.action
    ? `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;` +
      `background:${look.colour};color:#ffffff;text-decoration:none;border-radius:6px">` +
      `${escapeHtml(content.action.label)}</a></p>`
    : '';
  const footnote = content.footnote
    ? `<p style="color:#555555;font-size:13px">${escapeHtml(content.footnote)}</p>`
    : '';
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family:Arial,sans-serif;color:#1a1a1a;max-width:560px;margin:0 auto;padding:24px">
<p style="font-weight:bold;color:${look.colour}">${escapeHtml(look.name)}</p>
<h1 style="font-size:20px">${escapeHtml(content.heading)}</h1>
${paragraphs}
${action}
${footnote}
</body></html>`;
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    look.name,
  ].join('\n');
  return { subject: content.subject, html, text };
}
