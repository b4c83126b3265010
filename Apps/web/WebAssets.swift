/// The page's style and its one script, served from this program (nothing is fetched from
/// elsewhere, and no page holds inline script: the Content-Security-Policy forbids it).
enum WebAssets {
    /// Keeps a page live: at each change of the store the server says so on `/events`, and the
    /// script fetches the page again and puts its live part in place of the one shown. Forms are
    /// outside that part, so what someone is typing stays. Without the script, pages work as
    /// forms that post, and are reloaded by hand.
    static let liveScript = """
        "use strict";
        (function () {
          var live = document.getElementById("live");
          if (!live || !window.EventSource || !window.fetch) return;
          var source = live.getAttribute("data-source");
          var seen = null, fetching = false, again = false;
          function refresh() {
            if (fetching) { again = true; return; }
            fetching = true;
            fetch(source, { credentials: "same-origin", headers: { "Accept": "text/html" } })
              .then(function (response) { return response.ok ? response.text() : null; })
              .then(function (text) {
                if (text === null) return;
                var fresh = new DOMParser().parseFromString(text, "text/html").getElementById("live");
                if (fresh && fresh.innerHTML !== live.innerHTML) live.innerHTML = fresh.innerHTML;
              })
              .catch(function () {})
              .then(function () {
                fetching = false;
                if (again) { again = false; refresh(); }
              });
          }
          var events = new EventSource("/events");
          events.addEventListener("change", function (event) {
            // The first number says where the store was when this page connected: a change may
            // have come between the page and it, so the first one asks too.
            if (event.data === seen) return;
            seen = event.data;
            refresh();
          });
        })();

        """

    static let styles = """
        :root { color-scheme: light dark; --accent: #2a6fdb; --late: #c62828; --soon: #8f5500; --busy: #2e7d32;
                --muted: #5c5c5c; }
        /* Each colour text is drawn in reads at 4.5:1 or more on the page it is drawn on (WCAG AA):
           the dark page, Chromium's #121212, takes lighter ones. A mark's colours are its own. */
        @media (prefers-color-scheme: dark) {
            :root { --accent: #7aa7ff; --late: #ff8a80; --soon: #ffb74d; --busy: #81c784; --muted: #a8a8a8; }
        }
        body { font: 16px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 0 1rem 3rem; }
        nav { display: flex; gap: 1rem; padding: .8rem 0; border-bottom: 1px solid #8884; }
        nav a { text-decoration: none; color: inherit; }
        nav a[aria-current] { font-weight: 600; color: var(--accent); }
        h1 { font-size: 1.5rem; }
        h2 { font-size: 1.1rem; margin-top: 1.5rem; }
        form { display: inline-flex; gap: .4rem; margin: 0 .4rem .4rem 0; align-items: center; }
        form.add, form.filter { display: flex; }
        form.add input:not([type=checkbox]), form.filter input { flex: 1; }
        /* The edit form: each box under the one before, its name beside it. */
        form.edit { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .3rem .6rem;
                    max-width: 40rem; width: 100%; }
        form.edit label { display: contents; }
        form.edit button { grid-column: 2; justify-self: start; }
        input, select, button { font: inherit; padding: .3rem .5rem; }
        button { cursor: pointer; }
        .row { display: flex; gap: .5rem; align-items: baseline; flex-wrap: wrap; }
        .notice { border-left: 4px solid var(--late); padding: .4rem .8rem; background: #c628281a; }
        .said { border-left: 4px solid var(--busy); padding: .2rem .8rem; align-items: center; }
        .said p { margin: 0; }
        .hint, .count, .empty { color: var(--muted); font-size: .9rem; }
        nav.pages { border: 0; justify-content: center; }
        nav.facets { border: 0; padding: .2rem 0; }
        nav.facets ul { list-style: none; margin: 0; padding: 0; }
        nav.facets h2 { display: inline; font-size: .9rem; margin: 0 .3rem 0 0; color: var(--muted); }
        nav.facets a { color: var(--accent); }
        nav.facets a[aria-current] { font-weight: 600; text-decoration: underline; }
        .context { border-left: 4px solid var(--accent); padding: .2rem .6rem; font-weight: 600; align-items: center; }
        .context p { margin: 0; }
        table { border-collapse: collapse; width: 100%; }
        nav, form { flex-wrap: wrap; }
        input, select, button { max-width: 100%; min-width: 0; }
        td, dd, p, li, h1, h2 { overflow-wrap: anywhere; }
        /* A phone's width, or a watch's: each to-do a block of its own, its parts one under another. */
        @media (max-width: 40rem) {
            table.todos, table.todos tbody, table.todos tr, table.todos td { display: block; }
            table.todos tr { border-bottom: 1px solid #8884; padding: .3rem 0; }
            table.todos td { border: 0; padding: .1rem 0; }
            dl { grid-template-columns: 1fr; }
        }
        td { padding: .3rem .4rem; border-bottom: 1px solid #8882; vertical-align: top; }
        td.id, td.id a { font-family: ui-monospace, monospace; }
        td.actions form { margin: 0 .2rem 0 0; }
        td.actions button { font-size: .85rem; padding: .1rem .4rem; }
        tr.done td.title { text-decoration: line-through; color: var(--muted); }
        tr.chosen { outline: 2px solid var(--accent); outline-offset: -2px; }
        kbd { font-family: ui-monospace, monospace; border: 1px solid #8886; border-radius: .2rem; padding: 0 .25rem; }
        .mark { font-size: .8rem; border-radius: .3rem; padding: 0 .3rem; margin-right: .3rem; color: #fff; }
        .mark.overdue { background: #c62828; }
        .mark.today { background: #8f5500; }
        .mark.active { background: #2e7d32; }
        .attribute { color: var(--muted); font-size: .9rem; }
        dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
        dt { color: var(--muted); }
        .rolled .total { font-size: 2.5rem; font-weight: 700; margin: .2rem 0; }
        .die { display: inline-block; min-width: 1.6rem; text-align: center; border: 1px solid #8886;
               border-radius: .3rem; margin: 0 .15rem; padding: 0 .2rem; }
        .die.dropped { text-decoration: line-through; color: var(--muted); }
        .die.max { border-color: var(--busy); color: var(--busy); font-weight: 700; }
        .die.min { border-color: var(--late); color: var(--late); font-weight: 700; }
        .terms { list-style: none; padding: 0; }
        .label { color: var(--accent); }
        .chart svg { width: 100%; height: auto; max-height: 16rem; }
        .chart .bar { fill: var(--accent); }
        .chart .bar:hover { fill: var(--soon); }
        .chart .axis { stroke: var(--muted); }
        .chart text { fill: var(--muted); font-size: 12px; }
        .outcome { font-size: 1.2rem; }
        .flips { font-family: ui-monospace, monospace; word-break: break-all; }
        .answer { font-size: 1.6rem; font-weight: 600; }
        .card { font-size: 1.4rem; border: 1px solid #8886; border-radius: .3rem; padding: .1rem .35rem; margin: .1rem;
                display: inline-block; }
        .card.red { color: var(--late); }

        """
}
