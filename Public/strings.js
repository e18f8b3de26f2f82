// The drag layer's words, in the page's language: the server puts them in the page as JSON
// (`<script type="application/json" id="planboard-strings">`), from the same catalogs as every
// other text (Templates/strings/), so nothing the scripts say is written here in one language.
const table = JSON.parse(document.getElementById('planboard-strings')?.textContent || '{}');

/**
 * The text for `key` (under `js.`), with its `{name}` placeholders filled in.
 * @param {string} key without the `js.` prefix
 * @param {Record<string, string|number>} [values]
 * @returns {string}
 */
export function t(key, values = {}) {
  const template = table[`js.${key}`] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/**
 * A text that counts something: the `.one` form for one where the language has one, else `.other`.
 * @param {string} key without the `js.` prefix or the form
 * @param {number} count
 * @param {Record<string, string|number>} [values]
 */
export function tn(key, count, values = {}) {
  const form = count === 1 && `js.${key}.one` in table ? 'one' : 'other';
  return t(`${key}.${form}`, { count, ...values });
}
