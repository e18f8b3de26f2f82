// The drag layer's extension point: `planboard:*` events that bubble from a card, so other scripts
// can listen on the document (`planboard:pickup`, `move`, `drop` (cancelable), `cancel`, `refused`).

/**
 * Dispatches `planboard:NAME` from the card.
 * @param {string} name
 * @param {HTMLElement} card
 * @param {object} detail what happened: task id, positions `{column, index, count, after}`, how
 * @param {boolean} [cancelable]
 * @returns {boolean} false when a listener cancelled a cancelable event
 */
export function emit(name, card, detail, cancelable = false) {
  return card.dispatchEvent(new CustomEvent(`planboard:${name}`, { bubbles: true, cancelable, detail }));
}
