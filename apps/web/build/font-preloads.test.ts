// index.html's font preloads, from the file names of a build like the app's.
import { describe, expect, it } from 'vitest';
import { fontPreloadTags } from './font-preloads';

describe('font preloads', () => {
  it("names the latin file of each family, with the site's base, and nothing else", () => {
    const files = [
      'assets/index-1.js',
      'assets/nunito-sans-latin-ext-wght-normal-DMEAsnHD.woff2',
      'assets/nunito-sans-latin-wght-normal-BWQ3gi2K.woff2',
      'assets/fraunces-latin-wght-normal-ukD16Tqj.woff2',
      'assets/fraunces-latin-ext-wght-normal-Ca2vKHc0.woff2',
    ];
    expect(fontPreloadTags(files, '/').map((t) => t.attrs)).toEqual([
      { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: true, href: '/assets/fraunces-latin-wght-normal-ukD16Tqj.woff2' },
      { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: true, href: '/assets/nunito-sans-latin-wght-normal-BWQ3gi2K.woff2' },
    ]);
    expect(fontPreloadTags(files, '/donar/').map((t) => t.attrs?.href)).toEqual([
      '/donar/assets/fraunces-latin-wght-normal-ukD16Tqj.woff2',
      '/donar/assets/nunito-sans-latin-wght-normal-BWQ3gi2K.woff2',
    ]);
  });
});
