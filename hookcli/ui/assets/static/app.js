// Anamnesis dashboard: small progressive enhancement over server-rendered pages. Everything works
// without it; with it: a command palette (Ctrl/Cmd-K), search as you type, confirmations, and a
// live page that refreshes in place when notes change. No inline script (the CSP forbids it).
"use strict";
(function () {
  // Confirm destructive forms.
  document.addEventListener("submit", (e) => {
    const f = e.target.closest("form[data-confirm]") ||
      (e.submitter && e.submitter.form && e.submitter.form.matches("[data-confirm]") ? e.submitter.form : null);
    if (f && !window.confirm(f.dataset.confirm)) e.preventDefault();
  });

  // Track edited forms so a live refresh never throws away typing.
  let dirty = false;
  document.addEventListener("input", (e) => { if (e.target.closest("form[method=post]")) dirty = true; });

  // Swap the main content for a freshly fetched copy of url.
  async function swap(url, push) {
    const r = await fetch(url, { headers: { "X-Requested-With": "fetch" }, credentials: "same-origin" });
    if (!r.ok && r.status !== 404) return;
    const doc = new DOMParser().parseFromString(await r.text(), "text/html");
    const fresh = doc.getElementById("main");
    const main = document.getElementById("main");
    if (!fresh || !main) return;
    main.replaceChildren(...fresh.childNodes);
    main.dataset.mark = fresh.dataset.mark || "";
    document.title = doc.title;
    if (push) history.replaceState(null, "", url);
    document.dispatchEvent(new CustomEvent("anamnesis:swapped"));
  }

  // Live: refresh in place when the store changes (another session, a hook, a sync).
  if (document.getElementById("main") && document.getElementById("main").dataset.live && window.EventSource) {
    const es = new EventSource("/events");
    const refresh = (e) => {
      const main = document.getElementById("main");
      if (e.data === main.dataset.mark) return; // the page already shows this state
      if (dirty || document.querySelector("dialog[open]")) return;
      const a = document.activeElement;
      if (a && a.closest && a.closest("#main") && /INPUT|TEXTAREA|SELECT/.test(a.tagName)) return;
      swap(location.pathname + location.search, false);
    };
    // "hello" carries the mark at subscription: a change made after the page was rendered but
    // before the stream opened shows up as a difference there.
    es.addEventListener("hello", refresh);
    es.addEventListener("change", refresh);
  }

  // Search as you type on the notes page.
  let timer = 0;
  document.addEventListener("input", (e) => {
    if (e.target.id !== "browse-q") return;
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const f = document.getElementById("browse-form");
      const params = new URLSearchParams(new FormData(f));
      const url = "/notes?" + params.toString();
      const r = await fetch(url, { credentials: "same-origin" });
      if (!r.ok) return;
      const doc = new DOMParser().parseFromString(await r.text(), "text/html");
      const fresh = doc.getElementById("results");
      const cur = document.getElementById("results");
      if (fresh && cur) cur.replaceChildren(...fresh.childNodes);
      history.replaceState(null, "", url);
    }, 150);
  });

  // Command palette.
  const dlg = document.getElementById("palette");
  if (!dlg) return;
  const input = document.getElementById("palette-q");
  const list = document.getElementById("palette-list");
  const commands = [
    { title: "Go to overview", url: "/", hint: "page" },
    { title: "Browse notes", url: "/notes", hint: "page" },
    { title: "New note", url: "/notes/new", hint: "action" },
    { title: "Timeline", url: "/timeline", hint: "page" },
    { title: "Fleet and conflicts", url: "/fleet", hint: "page" },
    { title: "Settings", url: "/settings", hint: "page" },
  ];
  let items = [], sel = 0, seq = 0;
  function draw() {
    list.replaceChildren(...items.map((it, i) => {
      const li = document.createElement("li");
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", i === sel ? "true" : "false");
      li.textContent = it.title; // text only: titles are untrusted
      const h = document.createElement("span");
      h.className = "h";
      h.textContent = it.hint;
      li.appendChild(h);
      li.addEventListener("click", () => go(it));
      return li;
    }));
  }
  function go(it) { if (it) location.href = it.url; }
  async function update() {
    const q = input.value.trim();
    const mine = ++seq;
    const cmds = commands.filter((c) => c.title.toLowerCase().includes(q.toLowerCase()));
    let hits = [];
    if (q) {
      const r = await fetch("/api/palette?q=" + encodeURIComponent(q), { credentials: "same-origin" });
      if (r.ok) hits = await r.json();
    }
    if (mine !== seq) return;
    items = hits.concat(cmds);
    if (q) items.push({ title: "Search for “" + q + "”", url: "/notes?q=" + encodeURIComponent(q), hint: "search" });
    sel = 0;
    draw();
  }
  function open() { if (!dlg.open) { dlg.showModal(); input.value = ""; update(); input.focus(); } }
  document.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") { e.preventDefault(); open(); }
  });
  input.addEventListener("input", update);
  input.addEventListener("keydown", (e) => {
    if (e.key === "ArrowDown") { sel = Math.min(sel + 1, items.length - 1); draw(); e.preventDefault(); }
    else if (e.key === "ArrowUp") { sel = Math.max(sel - 1, 0); draw(); e.preventDefault(); }
    else if (e.key === "Enter") { go(items[sel]); e.preventDefault(); }
  });
})();
