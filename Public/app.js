// Progressive enhancement only: every page works without this file.
// Adds the viewer's local time next to UTC times marked with data-local.
document.addEventListener("DOMContentLoaded", () => {
  for (const element of document.querySelectorAll("time[data-local]")) {
    const when = new Date(element.getAttribute("datetime"));
    if (Number.isNaN(when.getTime())) continue;
    const local = document.createElement("span");
    local.className = "local-time";
    local.textContent = " (" + when.toLocaleString([], { dateStyle: "medium", timeStyle: "short" }) + " your time)";
    element.after(local);
  }
});
