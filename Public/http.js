// Talking to the server: form posts and board reads the way the page's own forms and links make
// them, answered in JSON, given up after a while; and why one failed, in the page's words.
import { setting } from './config.js';
import { t } from './strings.js';

/** The session's CSRF token, as the page's one form carries it. */
function csrfToken() {
  return document.querySelector('#board-actions [name="csrf"], input[name="csrf"]')?.value ?? '';
}

/** Fetches with a deadline; the answer's body is read as JSON when it is JSON. */
async function request(path, options) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), setting('requestTimeout'));
  try {
    const response = await fetch(path, { ...options, credentials: 'same-origin', signal: abort.signal });
    let body = null;
    try {
      body = await response.json();
    } catch {
      // Not JSON (a proxy's error page, say): the status still tells what happened.
    }
    return { status: response.status, body, headers: response.headers };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Posts form fields the way the page's forms do, asking for JSON.
 * @param {string} path
 * @param {Record<string, string>} fields
 * @returns {Promise<{status: number, body: any, headers: Headers}>} rejects when the server can't be reached
 */
export function post(path, fields) {
  return request(path, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { Accept: 'application/json', 'X-CSRF-Token': csrfToken() },
  });
}

/**
 * Reads something as JSON (a GET, never from a cache).
 * @param {string} path
 * @returns {Promise<any>} the body; rejects when the server can't be reached or answers anything but 200
 */
export async function getJSON(path) {
  const answer = await request(path, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (answer.status !== 200 || answer.body === null) throw new Error(`GET ${path} answered ${answer.status}`);
  return answer.body;
}

/** Why a request failed when it got no answer at all. */
export function networkMessage() {
  return t('network');
}

/**
 * Why a request failed, from the server's answer (its message, in the page's language) or its absence.
 * @param {{status: number, body: any}|null} answer
 */
export function reasonOf(answer) {
  return answer ? answer.body?.error?.message ?? t('serverAnswered', { status: answer.status }) : networkMessage();
}
