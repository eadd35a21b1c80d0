// Unit tests of the reference panel's page making (src/referenceRender.ts) on a page written by
// hand in the shape `gpuasm doc` writes (docs/PROTOCOL.md, "gpuasm doc"): a <title>, the style
// sheet and the script loaded beside it, links to other pages and to places on the page.
const test = require('node:test');
const assert = require('node:assert/strict');
const { referenceHtml, referenceTarget, referenceTitle } = require('../../out/referenceRender.js');

const page = [
  '<!DOCTYPE html>',
  '<html lang="zh">',
  '<head>',
  '<meta charset="utf-8">',
  '<title>SHFL — instruction reference</title>',
  '<link rel="stylesheet" href="reference.css">',
  '</head>',
  '<body>',
  '<h1>SHFL</h1>',
  '<a href="type-SHFLMode.html">SHFLMode</a> <a href="#variant-SHFL_RI">SHFL_RI</a>',
  '<script src="reference.js"></script>',
  '</body>',
  '</html>',
].join('\n');
const result = { page: 'instruction-SHFL.html', anchor: 'variant-SHFL_RI', text: page };
const assets = { css: 'h1 { color: red; }', js: 'var x = "</script>";' };

test('the title is the page title up to its dash', () => {
  assert.equal(referenceTitle(result), 'SHFL');
  assert.equal(referenceTitle({ page: 'type-A.html', anchor: '', text: '<title>A&amp;B — bit-field type</title>' }), 'A&B');
  assert.equal(referenceTitle({ page: 'index.html', anchor: '', text: '<title>Instruction reference</title>' }), 'Index');
  assert.equal(referenceTitle({ page: 'x.html', anchor: '', text: 'no title' }), 'x.html');
});

test('links resolve to a page and an anchor of the reference, others to nothing', () => {
  assert.deepEqual(referenceTarget('instruction-SHFL.html', 'type-SHFLMode.html'), { page: 'type-SHFLMode.html', anchor: '' });
  assert.deepEqual(referenceTarget('instruction-SHFL.html', 'index.html#group-SYNCOp'), { page: 'index.html', anchor: 'group-SYNCOp' });
  assert.deepEqual(referenceTarget('instruction-SHFL.html', '#variant-SHFL_RI'), { page: 'instruction-SHFL.html', anchor: 'variant-SHFL_RI' });
  for (const href of ['https://example.com/', 'file:///etc/passwd', '/abs.html', '../up.html', 'dir/page.html', 'mailto:a@b']) {
    assert.equal(referenceTarget('instruction-SHFL.html', href), undefined, href);
  }
});

test('the page runs under a nonce: assets inlined, a policy, the navigation script', () => {
  const html = referenceHtml(result, assets, 'N0nce');
  // The policy comes first in <head>: nothing from outside, scripts only with the nonce.
  assert.match(html, /<head>\n<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-N0nce';">/);
  assert.ok(!html.includes('href="reference.css"'));
  assert.ok(!html.includes('src="reference.js"'));
  assert.ok(html.includes('<style>\nh1 { color: red; }\n</style>'));
  // The script's own "</script>" cannot end its element.
  assert.ok(html.includes('<script nonce="N0nce">\nvar x = "<\\/script>";\n</script>'));
  // Every <script> carries the nonce; the navigation script is last in the body and starts at the anchor.
  const scripts = html.match(/<script[^>]*>/g);
  assert.equal(scripts.length, 2);
  for (const s of scripts) assert.equal(s, '<script nonce="N0nce">');
  assert.ok(html.indexOf('acquireVsCodeApi') > html.indexOf('var x'));
  assert.ok(html.includes('scrollToAnchor("variant-SHFL_RI");'));
  assert.ok(html.trimEnd().endsWith('</script>\n</body>\n</html>'));
  // The page's own content is untouched.
  assert.ok(html.includes('<a href="type-SHFLMode.html">SHFLMode</a>'));
});
