/// Keys for the to-do list, as a keyboard user of a to-do app expects them: `n` the new to-do's
/// box, `/` the filter's, `j` and `k` down and up the rows, `x` ticks the row done (or back), `e`
/// opens it to edit, `?` says them, Escape leaves a box. A key typed into a box is the box's. The
/// row chosen stays chosen when the page is made again (a live change, or the page a button loads).
/// Without the script the page works as it does, by pointer and Tab.
enum KeysScript {
    static let source = """
        "use strict";
        (function () {
          // The row chosen, and where it stood, kept for the page a key's action loads next, and
          // for that page alone: a page loaded otherwise starts in the new to-do's box.
          var storeKey = "appcore.chosen";
          var chosen = null, place = -1;
          try {
            var kept = JSON.parse(window.sessionStorage.getItem(storeKey) || "null");
            window.sessionStorage.removeItem(storeKey);
            if (kept) { chosen = kept.id; place = kept.place; }
          } catch (e) {}
          function rows() { return Array.prototype.slice.call(document.querySelectorAll("table.todos tr")); }
          function idOf(row) { var link = row.querySelector("td.id a"); return link ? link.getAttribute("href") : null; }
          function chosenRow() { return rows().filter(function (row) { return idOf(row) === chosen; })[0] || null; }
          function remember() {
            try {
              window.sessionStorage.setItem(storeKey, JSON.stringify({ id: chosen, place: rows().indexOf(chosenRow()) }));
            } catch (e) {}
          }
          function mark(focus) {
            rows().forEach(function (row) {
              var on = chosen !== null && idOf(row) === chosen;
              row.classList.toggle("chosen", on);
              if (on) row.setAttribute("aria-current", "true"); else row.removeAttribute("aria-current");
            });
            var row = chosenRow();
            if (focus && row) row.querySelector("td.id a").focus();
          }
          function move(step) {
            var all = rows();
            if (!all.length) return;
            var at = all.indexOf(chosenRow());
            var next = at < 0 ? (step > 0 ? 0 : all.length - 1) : Math.max(0, Math.min(all.length - 1, at + step));
            chosen = idOf(all[next]);
            mark(true);
          }
          document.addEventListener("keydown", function (event) {
            if (event.ctrlKey || event.metaKey || event.altKey) return;
            var target = event.target, name = target && target.tagName;
            if (name === "INPUT" || name === "TEXTAREA" || name === "SELECT") {
              if (event.key === "Escape") target.blur();
              return;
            }
            var row = chosenRow(), box = null;
            switch (event.key) {
              case "n": box = document.querySelector("form.add input[name=words]"); break;
              case "/": box = document.querySelector("form.filter input[name=filter]"); break;
              case "j": move(1); break;
              case "k": move(-1); break;
              case "x":
                var toggle = row && row.querySelector("td.actions form button");
                if (toggle) { remember(); toggle.click(); }
                break;
              case "e": if (row) window.location.href = idOf(row); break;
              case "?":
                var keys = document.getElementById("keys");
                if (keys) keys.hidden = !keys.hidden;
                break;
              default: return;
            }
            if (box) box.focus();
            event.preventDefault();
          });
          // A live change makes the rows anew: the focus a row had falls to the page, and is put back.
          var rowFocused = false;
          document.addEventListener("focusin", function (event) {
            rowFocused = !!(event.target.closest && event.target.closest("table.todos tr"));
          });
          var live = document.getElementById("live");
          if (live && window.MutationObserver) {
            new MutationObserver(function () {
              mark(rowFocused && (!document.activeElement || document.activeElement === document.body));
            }).observe(live, { childList: true });
          }
          // Where the row chosen before is gone (ticked off the list), the one now in its place.
          if (chosen !== null && !chosenRow() && place >= 0) {
            var all = rows();
            if (all.length) chosen = idOf(all[Math.min(place, all.length - 1)]);
          }
          // Marked at once, and focused once the page is shown, after the new to-do's box took
          // the focus the page starts with.
          if (chosenRow()) {
            mark(false);
            window.addEventListener("load", function () {
              window.requestAnimationFrame(function () { window.requestAnimationFrame(function () { mark(true); }); });
            });
          }
        })();

        """
}
