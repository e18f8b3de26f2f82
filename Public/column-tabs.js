// On a phone, where the board shows one column at a time, the tab of the column in view is marked
// as current while the board is swiped or paged.

/**
 * Keeps the current tab marked as the board scrolls sideways.
 * @param {HTMLElement} board the `#board` element
 */
export function setupColumnTabs(board) {
  board.addEventListener('scroll', () => markCurrentTab(board), { passive: true });
  markCurrentTab(board);
}

function markCurrentTab(board) {
  const tabs = document.querySelectorAll('[data-column-tab]');
  if (!tabs.length || board.scrollWidth <= board.clientWidth) return;
  const columns = board.querySelectorAll('.column');
  const page = columns[1] ? columns[1].offsetLeft - columns[0].offsetLeft : board.clientWidth;
  const index = Math.round(board.scrollLeft / page);
  tabs.forEach((tab, i) => (i === index ? tab.setAttribute('aria-current', 'true') : tab.removeAttribute('aria-current')));
}
