// A build plugin: index.html names the two web fonts' latin files (src/styles/fonts.css) as
// `<link rel="preload" as="font">`, so that the browser fetches them with the stylesheet instead of
// after it. Their `font-display: optional` uses a font only if it is there for the first paint, and
// Chrome holds that paint a moment for a font preloaded (docs/decisions/0062-web-fonts-optional.md).
import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The built files preloaded: the latin subset of each family, what Spanish text uses. */
export const PRELOADED_FONT = /^assets\/(nunito-sans|fraunces)-latin-wght-normal-[\w-]+\.woff2$/;

export function fontPreloadTags(files: string[], base: string): HtmlTagDescriptor[] {
  return files
    .filter((file) => PRELOADED_FONT.test(file))
    .sort()
    .map((file) => ({
      tag: 'link',
      attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: true, href: `${base}${file}` },
      injectTo: 'head',
    }));
}

export function fontPreloads(): Plugin {
  let base = '/';
  return {
    name: 'font-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const tags = fontPreloadTags(Object.keys(context.bundle ?? {}), base);
        if (tags.length !== 2) throw new Error(`font-preloads: expected the latin files of the two fonts in the build, found ${tags.length}`);
        return { html, tags };
      },
    },
  };
}
