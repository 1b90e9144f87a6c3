// Cuori: after htmx swaps a fragment in, focus the field marked autofocus (the score sheet's
// entry row is cleared and focused for the next hand) and select its text. The settle delay is 0
// (base.html's htmx-config), so the swap, htmx's own autofocus and this run in one task: a key
// typed right after a refused row cannot land in a field that loses the focus a moment later.
document.addEventListener("htmx:afterSettle", function (event) {
  var target = event.detail.elt;
  var field = target && target.querySelector ? target.querySelector("[autofocus]") : null;
  if (field && document.activeElement !== field) {
    field.focus();
    if (field.select) { field.select(); }
  }
});

// Score sheet: when every seat but one is typed, "=" (or the button the check shows) fills the
// last seat with what is left of the hand total. The filled cell is highlighted and the check runs
// again, so the arbiter sees the value before pressing Enter.
function cuoriFillRemainder() {
  var row = document.getElementById("entry-row");
  if (!row) { return false; }
  var inputs = Array.prototype.slice.call(row.querySelectorAll("input"));
  var empty = inputs.filter(function (input) { return input.value.trim() === ""; });
  if (empty.length !== 1) { return false; }
  var sum = 0;
  for (var i = 0; i < inputs.length; i++) {
    if (inputs[i] === empty[0]) { continue; }
    var value = parseInt(inputs[i].value.replace("\u2212", "-"), 10);
    if (isNaN(value)) { return false; }
    sum += value;
  }
  empty[0].value = String(parseInt(row.dataset.handTotal, 10) - sum);
  empty[0].classList.add("filled");
  empty[0].dispatchEvent(new Event("input", { bubbles: true }));
  empty[0].focus();
  return true;
}
document.addEventListener("keydown", function (event) {
  if (event.key === "=" && event.target.closest && event.target.closest("#entry-row")) {
    event.preventDefault();
    cuoriFillRemainder();
  }
});
document.addEventListener("click", function (event) {
  if (event.target.closest && event.target.closest("#entry-feedback .fill")) {
    event.preventDefault();
    cuoriFillRemainder();
  }
});

// A button marked data-print prints the page (no inline handlers: the Content-Security-Policy
// allows scripts from our own files only).
document.addEventListener("click", function (event) {
  if (event.target.closest && event.target.closest("[data-print]")) {
    event.preventDefault();
    window.print();
  }
});

// A request htmx sends that fails says so in the banner at the bottom (base.html): the server
// answered an error (5xx), refused (4xx other than the 409/422 pages swap in), or could not be
// reached. The texts are translated by the template; one banner, replaced by the next error,
// until dismissed.
(function () {
  function banner() { return document.getElementById("request-error"); }

  function show(kind, status) {
    var box = banner();
    if (!box) { return; }
    var text = box.dataset[kind] || box.dataset.server || "";
    box.querySelector(".message").textContent = status ? text + " (" + status + ")" : text;
    box.hidden = false;
  }

  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail && event.detail.xhr;
    var status = xhr ? xhr.status : 0;
    show(status >= 500 ? "server" : "refused", status);
  });
  document.addEventListener("htmx:sendError", function () { show("network"); });
  document.addEventListener("htmx:timeout", function () { show("network"); });

  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#request-error .dismiss")) {
      banner().hidden = true;
    }
  });
})();

// New tournament: the address (slug) field follows the name as it is typed, made the way the server
// makes it (django.utils.text.slugify: accents dropped, lower case, hyphens), until the organizer
// types in the address field; once emptied, it follows the name again. Marked by
// data-slug-from="<name of the source field>" (tournaments.forms.TournamentForm).
(function () {
  function slugify(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^\x00-\x7f]/g, "")
      .toLowerCase().replace(/[^\w\s-]/g, "").replace(/[-\s]+/g, "-").replace(/^[-_]+|[-_]+$/g, "");
  }

  function follow(slug) {
    var form = slug.form;
    var source = form && form.elements[slug.dataset.slugFrom];
    if (!source) { return; }
    var limit = slug.maxLength > 0 ? slug.maxLength : 80;
    var made = function () { return slugify(source.value).slice(0, limit).replace(/[-_]+$/, ""); };
    // A value already there (a form sent back with errors) that the name would not give was typed.
    slug.dataset.edited = slug.value && slug.value !== made() ? "1" : "";
    source.addEventListener("input", function () {
      if (!slug.dataset.edited) { slug.value = made(); }
    });
    slug.addEventListener("input", function () { slug.dataset.edited = slug.value ? "1" : ""; });
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("input[data-slug-from]"), follow);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

// Round clock (templates/tournaments/_clock.html): an element with data-ends-at="<ISO datetime>" shows
// the time left as MM:SS (H:MM:SS from an hour up), updated every second from the device's clock; at 0 it
// gets the class "over" and the text of its data-over-text (translated by the template). Elements htmx
// swaps in are counted down at once. Whole seconds round up, as tournaments.clock does: "00:00" is time up.
(function () {
  function two(n) { return n < 10 ? "0" + n : String(n); }

  function format(seconds) {
    var hours = Math.floor(seconds / 3600);
    var minutes = Math.floor((seconds % 3600) / 60);
    var rest = seconds % 60;
    return hours ? hours + ":" + two(minutes) + ":" + two(rest) : two(minutes) + ":" + two(rest);
  }

  function tick() {
    var now = Date.now();
    Array.prototype.forEach.call(document.querySelectorAll("[data-ends-at]"), function (element) {
      var ends = Date.parse(element.dataset.endsAt);
      if (isNaN(ends)) { return; }
      var left = Math.max(0, Math.ceil((ends - now) / 1000));
      var text = left === 0 && element.dataset.overText ? element.dataset.overText : format(left);
      element.classList.toggle("over", left === 0);
      if (element.textContent !== text) { element.textContent = text; }
    });
  }

  // Four times a second, so the display turns within a quarter of a second of the real one.
  setInterval(tick, 250);
  document.addEventListener("htmx:afterSwap", tick);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", tick);
  } else {
    tick();
  }
})();

// Projector (templates/tournaments/projector.html): while the server cannot be reached the screen keeps
// its slide and polling goes on; a small mark in the corner says the data may be old, until a slide arrives.
(function () {
  function offline(on) {
    if (document.body && document.body.classList.contains("projector")) {
      document.body.classList.toggle("offline", on);
    }
  }
  document.addEventListener("htmx:sendError", function () { offline(true); });
  document.addEventListener("htmx:responseError", function () { offline(true); });
  document.addEventListener("htmx:timeout", function () { offline(true); });
  document.addEventListener("htmx:afterSwap", function () { offline(false); });
})();
