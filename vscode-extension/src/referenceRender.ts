// The instruction reference in a webview, VS Code-free (unit-tested in test/unit): a page of the
// server's gpuasm/reference (docs/PROTOCOL.md; the pages of `gpuasm doc`) made to run under the
// webview's Content-Security-Policy — its style sheet and script inlined, a nonce on every
// script — and a small script that sends clicks on links to other pages of the reference to the
// extension (which loads that page into the panel) and scrolls to the anchor asked for.

/** gpuasm/reference's result. */
export interface ReferenceResult {
  page: string;
  anchor: string;
  text: string;
}

/** The files every page loads beside it (reference.css, reference.js), as text. */
export interface ReferenceAssets {
  css: string;
  js: string;
}

/** A link of a page resolved to the reference's page and anchor; undefined for any other link. */
export interface ReferenceTarget {
  page: string;
  anchor: string;
}

/**
 * Where a link of `fromPage` leads: `#a` (the same page), `type-X.html`, `type-X.html#a`. Links
 * with a scheme, an absolute path or a directory are not the reference's: undefined.
 */
export function referenceTarget(fromPage: string, href: string): ReferenceTarget | undefined {
  const hash = href.indexOf('#');
  const file = hash < 0 ? href : href.slice(0, hash);
  const anchor = hash < 0 ? '' : decodeFragment(href.slice(hash + 1));
  if (file === '') {
    return { page: fromPage, anchor };
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(file) || file.includes('/') || file.includes('\\') || file.startsWith('.')) {
    return undefined;
  }
  return { page: file, anchor };
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** What a page is about, from its <title> (`SHFL — instruction reference` → `SHFL`). */
export function referenceTitle(result: ReferenceResult): string {
  if (result.page === 'index.html') {
    return 'Index';
  }
  const title = /<title>([^<]*)<\/title>/.exec(result.text)?.[1];
  const name = title?.split(' — ')[0]?.trim();
  return name ? unescapeHtml(name) : result.page;
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Text that cannot end the <style> or <script> element it is put in. */
function inElement(text: string, tag: 'style' | 'script'): string {
  return text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');
}

/**
 * The script injected into every page: clicks on a link go to the extension as
 * `{type: 'open', href}` (a link to a place on the same page scrolls there; links the reference
 * does not have are ignored), and the page starts at `anchor`. Registered on the document in the
 * capture phase, so the webview's own link handling never sees the click.
 */
function navigationScript(anchor: string): string {
  return `(function () {
  const vscode = acquireVsCodeApi();
  function scrollToAnchor(id) {
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }
  document.addEventListener('click', function (event) {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!link) return;
    event.preventDefault();
    event.stopPropagation();
    const href = link.getAttribute('href') || '';
    if (href.startsWith('#')) {
      let id = href.slice(1);
      try { id = decodeURIComponent(id); } catch (e) {}
      scrollToAnchor(id);
      return;
    }
    vscode.postMessage({ type: 'open', href: href });
  }, true);
  scrollToAnchor(${inElement(JSON.stringify(anchor), 'script')});
})();`;
}

/**
 * The page of `result` for a webview: a Content-Security-Policy that allows only inline styles
 * and scripts with `nonce`, the page's reference.css and reference.js inlined in place of their
 * <link> and <script src>, and the navigation script at the end of the body.
 */
export function referenceHtml(result: ReferenceResult, assets: ReferenceAssets, nonce: string): string {
  const csp = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}';">`;
  let html = result.text
    .replace(/<link rel="stylesheet" href="reference\.css">/g, () => `<style>\n${inElement(assets.css, 'style')}\n</style>`)
    .replace(/<script src="reference\.js"><\/script>/g, () => `<script nonce="${nonce}">\n${inElement(assets.js, 'script')}\n</script>`);
  html = html.includes('<head>') ? html.replace('<head>', () => `<head>\n${csp}`) : `${csp}\n${html}`;
  const script = `<script nonce="${nonce}">\n${navigationScript(result.anchor)}\n</script>\n`;
  return html.includes('</body>') ? html.replace('</body>', () => `${script}</body>`) : html + script;
}
