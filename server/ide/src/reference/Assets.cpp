// The reference's two shared files: its style sheet (the diagrams' colours among them) and the
// index's search, which filters the entries by their data-search words (no JSON, no network).
#include "Html.h"

namespace gpuasm::ide::reference {

std::string styleSheet() {
  return R"(/* gpuasm instruction reference (gpuasm doc) */
body { font-family: system-ui, sans-serif; margin: 0; color: #1d1d1f; background: #fff; line-height: 1.45; }
nav.top { padding: 6px 16px; background: #24292f; color: #ccc; }
nav.top a { color: #fff; }
main { padding: 8px 24px 48px; max-width: 1100px; }
h1 { margin-bottom: 4px; }
.meta, .note { color: #666; font-size: 90%; }
.prose { white-space: pre-wrap; }
pre.code, pre.domain { background: #f6f8fa; padding: 8px; overflow-x: auto; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { border: 1px solid #d0d7de; padding: 2px 8px; text-align: left; vertical-align: top; }
th { background: #f6f8fa; }
th.align-left, td.align-left { text-align: left; }
th.align-center, td.align-center { text-align: center; }
th.align-right, td.align-right { text-align: right; }
.error { color: #b00020; }
ul.entries { columns: 2; list-style: none; padding-left: 0; }
ul.entries li { break-inside: avoid; margin: 2px 0; }
ul.entries .desc { color: #666; font-size: 85%; }
#search { font-size: 110%; padding: 4px 8px; width: 28em; }
svg.encoding { display: block; margin: 8px 0; font-family: ui-monospace, monospace; }
svg.encoding rect.box { stroke: #333; stroke-width: 1; }
svg.encoding text { font-size: 11px; text-anchor: middle; }
svg.encoding text.bit { font-size: 8px; text-anchor: start; fill: #555; }
svg.encoding text.bit.end { text-anchor: end; }
svg.encoding text.value { font-size: 10px; }
.swatch { display: inline-block; width: 12px; height: 12px; border: 1px solid #333; margin: 0 4px -2px 8px; }
.k-fixed { fill: #f4b183; background: #f4b183; }
.k-register { fill: #9dc3e6; background: #9dc3e6; }
.k-predicate { fill: #c5a3e0; background: #c5a3e0; }
.k-immediate { fill: #a9d18e; background: #a9d18e; }
.k-modifier { fill: #ffe699; background: #ffe699; }
.k-reserved { fill: #e7e6e6; background: #e7e6e6; }
)";
}

std::string searchScript() {
  return R"(// gpuasm instruction reference: the index's search box. Every entry carries its words in
// data-search (mnemonic, modifiers, description); an entry shows when it holds every word typed.
(function () {
  var box = document.getElementById('search');
  if (!box) return;
  var entries = Array.prototype.slice.call(document.querySelectorAll('[data-search]'));
  var groups = Array.prototype.slice.call(document.querySelectorAll('section.group'));
  var count = document.getElementById('count');
  function apply() {
    var words = box.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    entries.forEach(function (e) {
      var hay = e.getAttribute('data-search');
      var ok = words.every(function (w) { return hay.indexOf(w) >= 0; });
      e.hidden = !ok;
      if (ok && e.classList.contains('instr')) shown++;
    });
    groups.forEach(function (g) {
      g.hidden = words.length > 0 && !g.querySelector('li.instr:not([hidden])');
    });
    count.textContent = words.length ? shown + (shown === 1 ? ' instruction' : ' instructions') : '';
  }
  box.addEventListener('input', apply);
  apply();
})();
)";
}

}  // namespace gpuasm::ide::reference
