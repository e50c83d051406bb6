// @vitest-environment node
// The build's prerendered pages (src/prerender.tsx) render where there is no window, as in
// scripts/prerender.mjs: a visitor who is not signed in, before any data has arrived.
import { describe, expect, it } from 'vitest';
import { PRERENDERED_DESCRIPTION_SLOT, PRERENDERED_NAME_MARK, PRERENDERED_YEAR_MARK } from '@donaciones/shared/constants';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { copyrightYear, useSiteInfo } from '@/lib/site';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { homeMessages } from '@donaciones/shared/messages/home';
import { navMessages } from '@donaciones/shared/messages/shell';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import { monthlyManageMessages } from '@donaciones/shared/messages/monthly-manage';
import { prerenderedPages, prerenderedShells, render, SHELL_PLACEHOLDER_QUERY } from './prerender';

const h1 = (html: string) => [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1].replace(/<[^>]+>/g, '').trim());

describe('prerendered pages', () => {
  it('renders the checkout with its heading and the signed-out header', async () => {
    const html = await render('/donate');
    expect(h1(html)).toEqual([donateMessages.title]);
    expect(html).toContain(`aria-label="${navMessages.login}"`);
    expect(html).toContain(`>${navMessages.login}</span>`);
  });

  it('renders the home page with its heading, and the placeholder the server fills with the description once', async () => {
    const html = await render('/');
    expect(h1(html)).toEqual([homeMessages.heroTitle]);
    expect(html.split(PRERENDERED_DESCRIPTION_SLOT)).toHaveLength(2);
  });

  it.each(prerenderedPages)("renders %s with one heading, and the organisation's name as the server's mark", async (address) => {
    const html = await render(address);
    expect(html.startsWith('<div')).toBe(true);
    expect(h1(html)).toHaveLength(1);
    expect(html).toContain(PRERENDERED_NAME_MARK);
  });

  it.each(prerenderedShells)("renders %s's shell, its frame and loading state, not the page of an invalid link", async (address) => {
    const html = await render(`${address}${SHELL_PLACEHOLDER_QUERY}`);
    expect(html).toContain(PRERENDERED_NAME_MARK);
    expect(html).toContain(`© ${PRERENDERED_YEAR_MARK} ${PRERENDERED_NAME_MARK}`);
    expect(html).toContain('aria-busy="true"');
    for (const invalid of [depositMessages.upload.linkInvalid, monthlyManageMessages.manage.invalidTitle]) expect(html).not.toContain(invalid);
  });

  it.each(['/', '/donate', '/donations', '/terms', '/privacy'])("renders %s's footer with the year as the server's mark, not the build's", async (address) => {
    // A build made in December serves the pages of January with January's year.
    expect(await render(address)).toContain(`© ${PRERENDERED_YEAR_MARK} ${PRERENDERED_NAME_MARK}`);
  });

  it('leaves the neutral brand to the app itself: the mark is only in a prerender', async () => {
    await render('/');
    const Probe = () => <p>{String(useSiteInfo().name)}</p>;
    expect(renderToString(<QueryClientProvider client={createQueryClient()}><Probe /></QueryClientProvider>)).toBe('<p>null</p>');
    expect(copyrightYear()).toBe(new Date().getFullYear());
  });
});
