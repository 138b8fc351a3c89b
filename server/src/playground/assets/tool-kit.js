// What the tool forms share: a submit that disables its button while it runs, and a status line
// that counts the seconds of long work and then says how it ended.
import { $ } from './api-client.js';

export function onSubmit(formId, run) {
  const form = $(formId);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    try {
      await run();
    } finally {
      button.disabled = false;
    }
  });
}

/** Shows "<what>… 3.4 s" in `element` until the returned function is called with the outcome. */
export function progress(element, what) {
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  element.classList.remove('error');
  element.classList.add('busy');
  element.textContent = `${what}…`;
  const timer = setInterval(() => {
    element.textContent = `${what}… ${seconds()} s`;
  }, 100);
  return (outcome, failed = false) => {
    clearInterval(timer);
    element.classList.remove('busy');
    element.classList.toggle('error', failed);
    element.textContent = `${outcome} (${seconds()} s)`;
  };
}
