// Reads an email's plain-text body (docs/product.md#email) as blocks the branded layout can draw:
// paragraphs split by blank lines, a line that is only a link becomes a button, "- " lines a list.
// The text part is sent as written, so both parts say the same thing.

export type TextBlock =
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'list'; items: string[] }
  | { kind: 'link'; url: string };

const LONE_URL = /^https?:\/\/\S+$/;

export function textBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const chunk of text.replace(/\r\n/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').map((line) => line.trim()).filter((line) => line !== '');
    let pending: string[] = [];
    const flush = () => {
      if (pending.length === 0) return;
      if (pending.every((line) => line.startsWith('- '))) blocks.push({ kind: 'list', items: pending.map((line) => line.slice(2)) });
      else blocks.push({ kind: 'paragraph', lines: pending });
      pending = [];
    };
    for (const line of lines) {
      if (LONE_URL.test(line)) {
        flush();
        blocks.push({ kind: 'link', url: line });
      } else {
        pending.push(line);
      }
    }
    flush();
  }
  return blocks;
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const INLINE_URL = /https?:\/\/[^\s<>"]+/g;

/** One line of text as HTML: escaped, with its web addresses made links (a closing period stays text). */
export function lineHtml(line: string, linkColor: string): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(INLINE_URL)) {
    const url = match[0].replace(/[.,;:)]+$/, '');
    const start = match.index;
    html += escapeHtml(line.slice(last, start));
    html += `<a href="${escapeHtml(url)}" style="color:${linkColor};text-decoration:underline;word-break:break-all">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(line.slice(last));
}
