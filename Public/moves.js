// Saving what the person did: a move is proposed to the server, which decides; the page then shows
// its answer (kept, redrawn from the server's board, or put back) and offers Undo.
import { applyBoard, columnName, newMoveID, positionOf, post, refreshCounts, reloadBoard, setRevision, titleOf } from './board-sync.js';
import { emit } from './events.js';
import { state } from './state.js';
import { clearStatus, say } from './status.js';
import { t } from './strings.js';

/** Why a request failed when it got no answer at all. */
export function networkMessage() {
  return t('network');
}

/** Why a request failed, from the server's answer (its message, in the page's language) or its absence. */
export function reasonOf(answer) {
  return answer ? answer.body?.error?.message ?? t('serverAnswered', { status: answer.status }) : networkMessage();
}
/** True while a change is being saved; drags and other saves wait until it is done. */
let busy = false;

/** Whether a change is being saved now. */
export function isBusy() {
  return busy;
}

/**
 * Runs `work` (async) as a save: drags and other saves wait until it is done.
 * @param {() => Promise<void>} work
 * @returns {Promise<boolean>} false, without running it, when something is being saved already
 */
export async function exclusively(work) {
  if (busy) return false;
  busy = true;
  state.board.setAttribute('aria-busy', 'true');
  try {
    await work();
  } finally {
    state.board.removeAttribute('aria-busy');
    busy = false;
  }
  return true;
}

/** "Position 2 of 5 in Next." for announcements. */
export function describe(position) {
  return t('position', { position: position.index + 1, count: position.count, column: columnName(position.column) });
}

/** Where the card is before a drag, to put it back exactly there. */
export function homeOf(card) {
  return { list: card.parentElement, next: card.nextElementSibling, position: positionOf(card) };
}

/** Puts the card back where `homeOf` found it. */
export function restore(card, home) {
  home.list.insertBefore(card, home.next);
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
    if (!unchanged) restore(card, home);
    emit('cancel', card, { ...detail, to: home.position, reason: cancelReason ?? (unchanged ? 'unchanged' : 'prevented') });
    if (cancelReason === 'outside') say(t('droppedOutside', { title: titleOf(card) }));
    else if (via === 'keyboard' && cancelReason) say(t('cancelled', { title: titleOf(card), position: describe(home.position) }));
    else if (via === 'keyboard') say(t('stays', { title: titleOf(card), position: describe(home.position) }));
    return;
  }
  refreshCounts(state.board);
  busy = true;
  state.board.setAttribute('aria-busy', 'true');
  card.classList.add('is-saving');
  let answer;
  try {
    answer = await post(`/tasks/${card.dataset.taskId}/move`, {
      column: to.column, after: to.after, revision: state.board.dataset.revision ?? '', move_id: newMoveID(),
    });
  } catch {
    answer = null;
  }
  try {
    if (answer?.status === 200) {
      setRevision(state.board, answer.body?.revision ?? state.board.dataset.revision);
      say(t('moved', { title: titleOf(card), column: columnName(to.column), position: to.index + 1, count: to.count }), { undo });
    } else if (answer?.status === 409 && answer.body?.board) {
      await showServerBoard(answer.body.board);
      say(answer.body.error?.message ?? t('conflict'), { kind: 'error' });
    } else {
      restore(card, home);
      say(t('notMoved', { reason: reasonOf(answer) }), { kind: 'error' });
    }
  } finally {
    card.classList.remove('is-saving');
    state.board.removeAttribute('aria-busy');
    busy = false;
  }
}

/** Shows the board the server sent: reorder what is there (adding the cards in `drawn`), or redraw. */
export async function showServerBoard(board, drawn) {
  if (!applyBoard(state.board, board, drawn)) {
    try {
      await reloadBoard(state.board);
    } catch {
      say(t('refreshFailed'), { kind: 'error' });
    }
  }
}

/** Asks the server to undo this browser's last change, then shows the board as it now is. */
export async function undo() {
  if (busy) return;
  await exclusively(async () => {
    clearStatus();
    let answer;
    try {
      answer = await post('/undo', {});
    } catch {
      say(t('undoNetwork'), { kind: 'error' });
      return;
    }
    try {
      if (answer.status === 200) {
        const task = answer.body?.task;
        const response = await fetch('/', { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
        const drawn = new Map(task?.html ? [[String(task.id), task.html]] : []);
        await showServerBoard(await response.json(), drawn);
        const kind = answer.body?.undone;
        const title = task?.title;
        say(kind === 'move' && title ? t('undoneMove', { title })
          : kind === 'delete' && title ? t('undoneDelete', { title })
          : title ? t('undoneChange', { title }) : t('undone'));
        const card = task && document.getElementById(`task-${task.id}`);
        if (card && (!document.activeElement || document.activeElement === document.body)) card.focus({ preventScroll: true });
      } else {
        if (answer.status === 409 && answer.body?.board) await showServerBoard(answer.body.board);
        say(answer.body?.error?.message ?? t('undoRefused', { status: answer.status }), { kind: 'error' });
      }
    } catch {
      say(t('undoRefreshFailed'), { kind: 'error' });
    }
  });
}
