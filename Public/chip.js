// The add field's chip: while a title is typed, a small line under the field says how it will be
// read ("“Call the bank” for tomorrow, Monday 23 November"). The server reads it (`GET /reading`),
// on the board's day and with the same grammar as when the task is added, so the chip never
// promises what the add will not do. Nothing read, nothing shown.
import { getJSON } from './http.js';
import { path } from './routes.js';

/** How long typing must pause before the title is read (ms). */
const PAUSE = 150;

/**
 * Gives every add field of the board its chip.
 * @param {HTMLElement} board
 */
export function setupChips(board) {
  for (const input of board.querySelectorAll('.add-task input[name="title"]')) attach(input);
}

function attach(input) {
  const chip = document.createElement('p');
  chip.className = 'add-chip';
  chip.id = `${input.id}-chip`;
  chip.hidden = true;
  input.closest('.add-row').after(chip);
  input.setAttribute('aria-describedby', [input.getAttribute('aria-describedby'), chip.id].filter(Boolean).join(' '));
  let timer = 0;
  let asked = 0; // the latest question: an older answer arriving late is dropped
  const hide = () => {
    asked += 1;
    clearTimeout(timer);
    chip.hidden = true;
    chip.textContent = '';
  };
  input.addEventListener('input', () => {
    clearTimeout(timer);
    const typed = input.value;
    if (!typed.trim()) {
      hide();
      return;
    }
    timer = setTimeout(() => show(typed), PAUSE);
  });
  // Once added (capture.js empties the field), the chip has said its piece.
  input.form.addEventListener('submit', hide);

  async function show(typed) {
    const question = ++asked;
    let reading = null;
    try {
      reading = await getJSON(`${path('reading')}?title=${encodeURIComponent(typed)}`);
    } catch {
      reading = null; // no chip is better than a wrong one; adding still works
    }
    if (question !== asked || input.value !== typed) return;
    chip.textContent = reading?.chip ?? '';
    chip.hidden = !reading?.chip;
  }
}
