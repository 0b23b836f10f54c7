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
