// Progressive enhancement only: every page works without this file.
// Adds the viewer's local time next to UTC times marked with data-local
// ("time" for a time of day such as a reminder, anything else for a moment).
document.addEventListener("DOMContentLoaded", () => {
  for (const element of document.querySelectorAll("time[data-local]")) {
    const when = new Date(element.getAttribute("datetime"));
    if (Number.isNaN(when.getTime())) continue;
    const timeOnly = element.dataset.local === "time";
    const text = timeOnly
      ? when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
      : when.toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
    const local = document.createElement("span");
    local.className = "local-time";
    local.textContent = " (" + text + " your time)";
    element.after(local);
  }
});

// A page that answers a form (a refusal shown again, a question asked first)
// takes the address of the page its form belongs to, so the back button and
// reload never offer to send the form again.
document.addEventListener("DOMContentLoaded", () => {
  const page = document.body.dataset.formPage;
  if (page) history.replaceState(null, "", page);
});

// What was typed survives a session that ended. While a form is sent, its
// fields (never a password or the form's tokens) are kept in this tab. If the
// answer is the sign-in page saying the session ended (nothing was saved),
// signing in leads back to that form's page, and the fields are put back for
// the person to check and send: nothing is ever sent by itself. On any other
// page they are forgotten.
const typedKey = "stand.typedForm";
const notTyped = new Set(["csrf", "submission", "confirmed"]);

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (form.method.toLowerCase() !== "post" || form.querySelector("input[type=password]")) return;
  const fields = [];
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && !notTyped.has(name)) fields.push([name, value]);
  }
  sessionStorage.setItem(typedKey, JSON.stringify({ page: location.pathname + location.search, action: form.getAttribute("action"), fields }));
});

document.addEventListener("DOMContentLoaded", () => {
  let kept = null;
  try { kept = JSON.parse(sessionStorage.getItem(typedKey) || "null"); } catch { kept = null; }
  const query = new URLSearchParams(location.search);
  if (location.pathname === "/login" && query.get("ended") === "1") {
    const next = document.querySelector("input[name=next]");
    if (kept && next) next.value = kept.page + (kept.page.includes("?") ? "&" : "?") + "restore=typed";
    return;
  }
  sessionStorage.removeItem(typedKey);
  if (query.get("restore") !== "typed") return;
  query.delete("restore");
  const here = location.pathname + (query.toString() ? "?" + query.toString() : "");
  history.replaceState(null, "", here);
  if (!kept || kept.page !== here) return;
  const form = [...document.forms].find((candidate) => candidate.getAttribute("action") === kept.action);
  if (!form) return;
  const values = new Map();
  for (const [name, value] of kept.fields) values.set(name, [...(values.get(name) || []), value]);
  for (const element of form.elements) {
    const typed = values.get(element.name);
    if (!typed || element.type === "hidden" || element.type === "password") continue;
    if (element.type === "checkbox" || element.type === "radio") element.checked = typed.includes(element.value);
    else element.value = typed[0];
  }
  const note = document.createElement("p");
  note.className = "notice";
  note.setAttribute("role", "status");
  note.id = "typed-restored";
  note.textContent = "What you typed before your session ended is back in the form below. Nothing was saved yet: check it and send it again.";
  form.before(note);
});
