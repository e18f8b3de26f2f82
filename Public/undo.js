// Undo: asks the server to undo this browser's last change (it decides what that was and whether it
// may still be undone), then shows the board as it now is and says what came back.
import { cardOf } from './cards.js';
import { post } from './http.js';
import { refresh, showBoard } from './reconcile.js';
import { path } from './routes.js';
import { exclusively } from './state.js';
import { clearStatus, say } from './status.js';
import { t } from './strings.js';

/**
 * Undoes this browser's last change, unless a change is being saved already.
 * @returns {Promise<void>}
 */
export async function undo() {
  await exclusively(async () => {
    clearStatus();
    let answer;
    try {
      answer = await post(path('undo'), {});
    } catch {
      say(t('undoNetwork'), { kind: 'error' });
      return;
    }
    try {
      if (answer.status === 200) {
        // An undo may put a task anywhere (back where it was, or back on the board): the whole
        // board, with each card as the server draws it, says where.
        await refresh('undo');
        const task = answer.body?.task;
        const kind = answer.body?.undone;
        const title = task?.title;
        say(kind === 'move' && title ? t('undoneMove', { title })
          : kind === 'delete' && title ? t('undoneDelete', { title })
          : title ? t('undoneChange', { title }) : t('undone'));
        const card = task && cardOf(task.id);
        if (card && (!document.activeElement || document.activeElement === document.body)) card.focus({ preventScroll: true });
      } else {
        if (answer.status === 409 && answer.body?.board) await showBoard(answer.body.board, 'stale');
        say(answer.body?.error?.message ?? t('undoRefused', { status: answer.status }), { kind: 'error' });
      }
    } catch {
      say(t('undoRefreshFailed'), { kind: 'error' });
    }
  });
}
