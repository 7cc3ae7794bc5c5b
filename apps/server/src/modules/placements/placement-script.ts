import { PLACEMENT_PAGE_TYPES } from '@portal/contracts/placements';

/**
 * The script a merchant's page embeds (`placement.js`): small, without dependencies, and safe on any
 * page. For each element with `data-placement-page`, it asks this server for the message of the
 * element's `data-amount` (minor units) and writes it with textContent, never as HTML. The words and
 * figures come from the server (placement-offers.ts), so the script holds no text of its own. It runs
 * on the merchant's page, not through our build: plain ES2017, written here once.
 */
export const PLACEMENT_SCRIPT = `(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !window.fetch) return;
  var merchant = script.getAttribute('data-merchant');
  if (!merchant) return;
  var lang = script.getAttribute('data-lang');
  var origin = new URL(script.src, document.baseURI).origin;
  var PAGES = ${JSON.stringify(PLACEMENT_PAGE_TYPES)};
  var THEMES = {
    light: { background: '#ffffff', color: '#1f2933', border: '#c5ccd3' },
    dark: { background: '#1f2933', color: '#ffffff', border: '#1f2933' },
    brand: { background: '#0b4f8a', color: '#ffffff', border: '#0b4f8a' }
  };
  function show(element) {
    var page = element.getAttribute('data-placement-page');
    var amount = element.getAttribute('data-amount');
    if (PAGES.indexOf(page) < 0 || !/^\\d{1,9}$/.test(amount || '')) return;
    var url = origin + '/api/public/placements/' + encodeURIComponent(merchant) +
      '?page=' + page + '&amount=' + amount + (lang ? '&lang=' + encodeURIComponent(lang) : '');
    fetch(url, { credentials: 'omit' })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (config) {
        var message = config && config.message;
        var look = config && config.placements.filter(function (p) { return p.pageType === page; })[0];
        if (!message || !look) { element.textContent = ''; return; }
        var theme = THEMES[look.theme] || THEMES.light;
        var box = document.createElement('span');
        box.textContent = message.text;
        box.setAttribute('data-placement-message', '');
        box.style.display = 'inline-block';
        box.style.font = 'inherit';
        box.style.color = theme.color;
        box.style.background = theme.background;
        box.style.border = '1px solid ' + theme.border;
        box.style.padding = look.style === 'button' ? '8px 16px' : '4px 8px';
        box.style.borderRadius = look.style === 'button' ? '999px' : '4px';
        if (look.style === 'button') box.style.fontWeight = '600';
        element.replaceChildren(box);
      })
      .catch(function () { element.textContent = ''; });
  }
  function showAll() {
    var elements = document.querySelectorAll('[data-placement-page][data-amount]');
    for (var i = 0; i < elements.length; i++) show(elements[i]);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', showAll);
  else showAll();
})();
`;
