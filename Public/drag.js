// The drag layer: turns the server-drawn board into a drag-and-drop board (mouse, touch, keyboard)
// while its forms keep working without it. It only proposes changes; the server decides, and the
// page then shows what it decided. This module wires the parts together, one job each:
// pointer.js and keyboard.js (carrying cards), autoscroll.js (edges), rove.js (the Tab order),
// menu.js and card-actions.js (the card's buttons and "⋯"), quick-edits.js (finish, importance and
// rename in place), selection.js (several cards at once), schedule.js (its days), capture.js
// (adding tasks) and chip.js (how a typed title will be read), moves.js
// (saving a move), undo.js, reconcile.js (every server answer and live change → the page, by one
// path), live.js (other tabs' changes; loaded by the page beside this one), state.js (what is under
// way: presses, drags, saves), http.js (requests), routes.js (the server's paths), cards.js
// (questions about cards), counts.js, column-tabs.js (the phone's tabs), config.js (tunables),
// status.js (messages), strings.js (words), unfold.js (a long column's later cards), events.js (`planboard:pickup|move|drop|cancel|refused`,
// bubbling from the card, and `planboard:sync` from the board).
import { titleOf } from './cards.js';
import { setupCapture } from './capture.js';
import { setupChips } from './chip.js';
import { chooseAction, deleteCard, setupCardActions } from './card-actions.js';
import { setupColumnTabs } from './column-tabs.js';
import { setting } from './config.js';
import { emit } from './events.js';
import { setupKeyboard } from './keyboard.js';
import { open as openMenu, setupMenu } from './menu.js';
import { setupPointer } from './pointer.js';
import { finish, markImportant, rename } from './quick-edits.js';
import { setupRoving } from './rove.js';
import { setupSelection } from './selection.js';
import { state } from './state.js';
import { say, setupStatus } from './status.js';
import { t } from './strings.js';
import { setupUnfold } from './unfold.js';

/**
 * Turns the board into a drag-and-drop board. Called once for `#board` when this module loads.
 * @param {HTMLElement} board the `<main id="board">` of the board page
 */
export function enhance(board) {
  setupStatus();
  const help = document.createElement('p');
  help.id = 'drag-help';
  help.hidden = true;
  help.textContent = t('help');
  document.body.append(help);
  setupRoving(board);
  setupPointer(board, refuse);
  setupKeyboard(board, { refuse, openMenu, deleteCard, finish, markImportant, rename });
  setupMenu(board, chooseAction);
  setupCardActions(board);
  setupSelection(board);
  setupCapture(board);
  setupChips(board);
  // Which pointer is in use decides whether "⋯" waits for hover (mouse) or always shows (touch).
  // A pointer entering an element says as much as every move would, at a fraction of the events.
  const notePointer = (event) => {
    document.documentElement.classList.toggle('uses-mouse', event.pointerType === 'mouse');
    document.documentElement.classList.toggle('uses-touch', event.pointerType === 'touch');
  };
  document.addEventListener('pointerover', notePointer, { passive: true });
  document.addEventListener('pointerdown', notePointer, { passive: true, capture: true });
  setupColumnTabs(board);
  board.classList.add('drag-ready');
  performance.mark('planboard:ready');
  setupUnfold(board);
}

/** A finished task can't be carried: it shakes, and the status bar says why. */
function refuse(card, via) {
  card.classList.remove('is-refused');
  // Restarting the animation needs one style flush; it happens once per refusal.
  void card.offsetWidth;
  card.classList.add('is-refused');
  setTimeout(() => card.classList.remove('is-refused'), setting('refusal'));
  const message = t('refused', { title: titleOf(card) });
  say(message, { kind: 'error' });
  emit('refused', card, { taskId: card.dataset.taskId, reason: 'finished', message, via });
}

if (state.board) enhance(state.board);
