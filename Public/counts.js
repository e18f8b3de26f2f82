// The numbers the page shows about the board: each column's count (in its header, its phone tab and
// for screen readers), its finished count with the fold button, and the header's total. They are
// worked out from the cards on the page, after anything moved, came or went.
import { cardsIn } from './cards.js';
import { tn, t } from './strings.js';
import { unfoldAll } from './unfold.js';

/**
 * Sets every count from the cards on the page.
 * @param {HTMLElement} board the `#board` element
 */
export function refreshCounts(board) {
  unfoldAll(); // counted from every card
  let total = 0;
  for (const section of board.querySelectorAll('.column')) {
    const cards = cardsIn(section.querySelector('.tasks'));
    total += cards.length;
    const badge = section.querySelector('[data-count]');
    if (badge) {
      write(badge, String(cards.length));
      const label = badge.nextElementSibling;
      if (label?.classList.contains('visually-hidden')) write(label, ` ${tn('tasks', cards.length)}`);
    }
    const tab = document.querySelector(`[data-column-tab="${section.dataset.column}"] [data-count]`);
    if (tab) write(tab, String(cards.length));
    const finished = cards.filter((card) => card.dataset.finished === 'true').length;
    const toggle = section.querySelector('.finished-toggle');
    if (toggle) {
      toggle.hidden = finished === 0;
      const shown = toggle.querySelector('.when-shown');
      const hidden = toggle.querySelector('.when-hidden');
      if (shown) write(shown, t('finished.hide', { count: finished }));
      if (hidden) write(hidden, t('finished.show', { count: finished }));
    }
    const clear = section.querySelector('.clear-finished');
    if (clear) clear.hidden = finished === 0;
  }
  const summary = document.querySelector('.header-summary');
  if (summary) write(summary, tn('tasks', total));
}

/** Sets an element's text only when it changes: new text is new layout work, at every change. */
function write(element, text) {
  if (element.textContent !== text) element.textContent = text;
}
