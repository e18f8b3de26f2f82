// Saving a move: a card carried by pointer or keyboard, or sent by its menu, is proposed to the
// server, which decides. The card stays where it was dropped while the answer is awaited; then the
// page shows the answer (kept; the server's board after a stale move; or put back, with the reason)
// and offers Undo.
import { columnName, keepAfterShown, listOfCard, nextCard, positionOf, putCard, titleOf } from './cards.js';
import { refreshCounts } from './counts.js';
import { emit } from './events.js';
import { post, reasonOf } from './http.js';
import { revision, showAnswer, showBoard } from './reconcile.js';
import { path } from './routes.js';
import { saving, state } from './state.js';
import { say } from './status.js';
import { t } from './strings.js';
import { undo } from './undo.js';

/** "Position 2 of 5 in Next." for announcements. */
export function describe(position) {
  return t('position', { position: position.index + 1, count: position.count, column: columnName(position.column) });
}

/** Where the card is before a drag, to put it back exactly there. */
export function homeOf(card) {
  return { list: listOfCard(card), next: nextCard(card), position: positionOf(card) };
}

/** Puts the card back where `homeOf` found it. */
export function restore(card, home) {
  putCard(card, home.list, home.next?.isConnected ? home.next : null);
  refreshCounts(state.board);
}

/**
 * After a drop: nothing to save when cancelled or put back where it was; otherwise post the move,
 * keep the card where it was dropped while the request is in flight, and show what the server decided.
 * @param {HTMLElement} card
 * @param {{list: Element, next: Element|null, position: object}} home where it was picked up
 * @param {string} via 'mouse', 'touch', 'pen', 'keyboard' or 'menu'
 * @param {string|null} cancelReason why nothing is to be saved ('escape', 'outside', 'blur'), or null
 */
export async function saveMove(card, home, via, cancelReason) {
  const to = positionOf(card);
  const detail = { taskId: card.dataset.taskId, from: home.position, to, via };
  const unchanged = to.column === home.position.column && to.after === home.position.after;
  if (cancelReason || unchanged || !emit('drop', card, detail, true)) {
    // Unchanged among the shown cards may still have passed hidden ones: back to exactly where it
    // was (a card already there is left alone, so it keeps focus).
    if (listOfCard(card) !== home.list || nextCard(card) !== home.next) restore(card, home);
    emit('cancel', card, { ...detail, to: home.position, reason: cancelReason ?? (unchanged ? 'unchanged' : 'prevented') });
    if (cancelReason === 'outside') say(t('droppedOutside', { title: titleOf(card) }));
    else if (via === 'keyboard' && cancelReason) say(t('cancelled', { title: titleOf(card), position: describe(home.position) }));
    else if (via === 'keyboard') say(t('stays', { title: titleOf(card), position: describe(home.position) }));
    return;
  }
  // On a filtered board, where the server will put it: straight after the shown card it follows.
  keepAfterShown(card);
  refreshCounts(state.board);
  card.classList.add('is-saving');
  await saving(async () => {
    const id = card.dataset.taskId;
    let answer;
    try {
      answer = await post(path('move', { id }), { column: to.column, after: to.after, revision: String(revision()), move_id: newMoveID() });
    } catch {
      answer = null;
    }
    try {
      if (answer?.status === 200) {
        const task = answer.body?.task ?? { id };
        await showAnswer({ revision: answer.body?.revision, id, task, placement: { column: to.column, after: to.after || null } }, 'move');
        say(t('moved', { title: titleOf(card), column: columnName(to.column), position: to.index + 1, count: to.count }), { undo });
      } else if (answer?.status === 409 && answer.body?.board) {
        await showBoard(answer.body.board, 'stale');
        say(answer.body.error?.message ?? t('conflict'), { kind: 'error' });
      } else {
        restore(card, home);
        say(t('notMoved', { reason: reasonOf(answer) }), { kind: 'error' });
      }
    } catch {
      say(t('refreshFailed'), { kind: 'error' });
    } finally {
      card.classList.remove('is-saving');
    }
  });
}

/** A fresh id for one move, so a retried request is applied once. */
function newMoveID() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return 'js-' + Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
