// What every part of the playground shares: the key field, a JSON request, and how an answer (or an
// error body) is shown.

export const $ = (id) => document.getElementById(id);

/** Single-quoted for a POSIX shell. */
export const shellQuote = (text) => `'${String(text).replaceAll("'", `'\\''`)}'`;

export function apiKey() {
  return $('api-key').value.trim();
}

/** POST a JSON body; resolves to {status, body} whatever the status (errors are shown, not thrown). */
export async function postJson(session, path, body, auth, signal) {
  const headers = { 'content-type': 'application/json' };
  let url = `${session.base_url}${path}`;
  if (auth === 'query') url += `?api_key=${encodeURIComponent(apiKey())}`;
  else headers['x-api-key'] = apiKey();
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
  const text = await res.text();
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: shown as the text it is.
  }
  return { status: res.status, body: parsed };
}

/** Shows an answer in a <pre>: the status line and the body, in the error style unless 2xx. */
export function showAnswer(pre, status, body) {
  const ok = status >= 200 && status < 300;
  pre.classList.toggle('error', !ok);
  pre.textContent = `HTTP ${status}\n${typeof body === 'string' ? body : JSON.stringify(body, null, 2)}`;
}

export function showFailure(pre, error) {
  pre.classList.add('error');
  pre.textContent = String(error?.message ?? error);
}
