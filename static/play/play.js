// Cuori seat page (000's interface) and spectator board.
// Pass: click (tap, or Space/Enter on) three cards to raise them, then Confirm.
// Play: select a card (click, tap, Enter or Space), then play it by activating it again, by
// clicking the table, by a double click, or by dragging it to the table. Arrow keys, Home and
// End move between the cards; Escape drops the selection. The server decides: every action posts
// the card and the version shown. A status region outside the board (it is replaced on every
// change) tells screen readers what was selected, played and what happens at the table.
(function () {
  "use strict";
  var selected = null;   // the card code selected for play
  var dragging = false;
  var pending = false;   // a play is being posted: no second one until the answer
  var lastTrickOpen = false;
  var focusIndex = -1;   // which card of the hand had the focus before a refresh
  var lastStatus = null;

  function board() { return document.getElementById("board"); }

  // --- what screen readers are told ---------------------------------------------------------

  function say(key, values) {
    var region = document.getElementById("play-live");
    if (!region) { return; }
    var text = region.dataset[key] || key;
    Object.keys(values || {}).forEach(function (name) { text = text.replace("{" + name + "}", values[name]); });
    // Emptied first, so the same sentence twice is read twice.
    region.textContent = "";
    window.setTimeout(function () { region.textContent = text; }, 60);
  }

  function status() {
    var b = board();
    if (!b) { return ""; }
    var parts = [];
    var trick = b.querySelector("[data-trick-summary]");
    var turn = b.querySelector(".turn");
    if (trick && trick.textContent.trim()) { parts.push(trick.textContent.trim()); }
    if (turn) { parts.push(turn.textContent.replace(/\s+/g, " ").trim()); }
    return parts.join(" ");
  }

  function announceStatus(initial) {
    var text = status();
    if (text && text !== lastStatus && !initial) { say(text); }
    lastStatus = text;
  }

  function cardName(el) { return el.getAttribute("aria-label") || el.textContent.trim(); }

  // --- playing ------------------------------------------------------------------------------

  // Polling pauses while the player is dragging a card (the board would be swapped under it).
  // A listener, not an hx-trigger filter: filters need eval, which the CSP forbids.
  document.addEventListener("htmx:confirm", function (event) {
    if (dragging && event.detail.elt === board() && event.detail.verb === "get") { event.preventDefault(); }
  });

  function play(code) {
    var b = board();
    if (!b || !b.dataset.playUrl || !code || pending) { return; }
    var button = b.querySelector('.playing button.card[data-card="' + code + '"]');
    pending = true;
    selected = null;
    if (button) { say("playing", { card: cardName(button) }); }
    // The CSRF header comes from <body hx-headers> (base.html), inherited through the source.
    htmx.ajax("POST", b.dataset.playUrl, {
      source: b, target: "#board", swap: "outerHTML",
      values: { card: code, v: b.dataset.version }
    });
  }

  function playable(button) { return button && button.getAttribute("aria-disabled") !== "true"; }

  function select(button) {
    document.querySelectorAll("#board .playing .card.selected").forEach(function (el) {
      el.classList.remove("selected");
      el.removeAttribute("aria-pressed");
    });
    selected = null;
    if (button) {
      selected = button.dataset.card;
      button.classList.add("selected");
      button.setAttribute("aria-pressed", "true");
      say("selected", { card: cardName(button) });
    }
  }

  // A card activated (click, tap, Enter, Space): the selected card is played, another is selected.
  function activate(button) {
    if (!playable(button)) { say("refused", { card: cardName(button) }); return; }
    if (selected === button.dataset.card) { play(selected); } else { select(button); }
  }

  function updateConfirm() {
    var form = document.querySelector("#board form.passing");
    if (!form) { return; }
    var chosen = form.querySelectorAll("input[name=card]:checked").length;
    form.querySelector("button.confirm").disabled = chosen !== 3;
    form.querySelectorAll("input[name=card]").forEach(function (box) {
      box.disabled = !box.checked && chosen >= 3;
    });
  }

  // A card's button submits the form without JavaScript; with it, a click selects or plays.
  document.addEventListener("click", function (event) {
    var card = event.target.closest("#board .playing button.card");
    if (card) {
      event.preventDefault();
      activate(card);
      return;
    }
    var drop = event.target.closest("#board [data-drop=table]");
    if (drop && selected) { play(selected); }
  });

  // The first click of a double click selects, the second plays: nothing left to do here but
  // cover a card double clicked while another was selected.
  document.addEventListener("dblclick", function (event) {
    var card = event.target.closest("#board .playing button.card.legal");
    if (card && !pending) { event.preventDefault(); play(card.dataset.card); }
  });

  document.addEventListener("change", function (event) {
    var form = event.target.closest("#board form.passing");
    if (!form) { return; }
    updateConfirm();
    var names = Array.from(form.querySelectorAll("input[name=card]:checked")).map(cardName);
    say("chosen", { cards: names.join(", ") || "—" });
  });

  // --- the keyboard ---------------------------------------------------------------------------

  function handCards() {
    var b = board();
    if (!b) { return []; }
    return Array.from(b.querySelectorAll(".playing button.card, .passing input[name=card]:not([disabled])"));
  }

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (!target.closest || !target.closest("#board .hand .cards")) { return; }
    var cards = handCards();
    var index = cards.indexOf(target);
    var next = null;
    switch (event.key) {
      case "ArrowLeft": case "ArrowUp": next = cards[Math.max(0, index - 1)]; break;
      case "ArrowRight": case "ArrowDown": next = cards[Math.min(cards.length - 1, index + 1)]; break;
      case "Home": next = cards[0]; break;
      case "End": next = cards[cards.length - 1]; break;
      case "Escape":
        if (selected) { event.preventDefault(); select(null); }
        return;
      case "Enter":
        // In the pass, Enter raises or lowers the card like Space (not the form's submission).
        if (target.matches("input[type=checkbox]")) {
          event.preventDefault();
          if (!target.disabled) { target.click(); }
        }
        return;
      default: return;
    }
    event.preventDefault();
    if (next) { next.focus(); }
  });

  // --- dragging -------------------------------------------------------------------------------

  document.addEventListener("dragstart", function (event) {
    var card = event.target.closest && event.target.closest("#board .playing button.card.legal");
    if (!card) { return; }
    dragging = true;
    event.dataTransfer.setData("text/plain", card.dataset.card);
    event.dataTransfer.effectAllowed = "move";
  });
  document.addEventListener("dragend", function () { dragging = false; });
  document.addEventListener("dragover", function (event) {
    if (event.target.closest && event.target.closest("#board [data-drop=table]")) {
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
    }
  });
  document.addEventListener("drop", function (event) {
    if (!(event.target.closest && event.target.closest("#board [data-drop=table]"))) { return; }
    event.preventDefault();
    dragging = false;
    play(event.dataTransfer.getData("text/plain"));
  });

  document.addEventListener("toggle", function (event) {
    if (event.target.matches && event.target.matches("#board details.last-trick")) {
      lastTrickOpen = event.target.open;
    }
  }, true);

  // --- refreshes ------------------------------------------------------------------------------

  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.elt === board() && event.detail.requestConfig && event.detail.requestConfig.verb === "post") {
      pending = false;
    }
  });

  // Before a refresh: the cards raised for the pass, and where the focus was in the hand (the
  // focused card keeps it through its id; a card just played leaves it to its neighbour).
  document.addEventListener("htmx:beforeSwap", function () {
    var form = document.querySelector("#board form.passing");
    window.cuoriRaised = form ? Array.from(form.querySelectorAll("input[name=card]:checked")).map(function (b) { return b.value; }) : [];
    focusIndex = handCards().indexOf(document.activeElement);
  });
  document.addEventListener("htmx:afterSettle", function () { restore(false); });
  document.addEventListener("DOMContentLoaded", function () { restore(true); });

  function restore(initial) {
    pending = false;
    var form = document.querySelector("#board form.passing");
    if (form && window.cuoriRaised) {
      form.querySelectorAll("input[name=card]").forEach(function (box) {
        box.checked = window.cuoriRaised.indexOf(box.value) >= 0;
      });
    }
    updateConfirm();
    if (selected) {
      var card = document.querySelector('#board .playing button.card.legal[data-card="' + selected + '"]');
      if (card) {
        card.classList.add("selected");
        card.setAttribute("aria-pressed", "true");
      } else {
        selected = null;
      }
    }
    if (focusIndex >= 0 && !(document.activeElement && document.activeElement.closest("#board"))) {
      var cards = handCards();
      if (cards.length) { cards[Math.min(focusIndex, cards.length - 1)].focus(); }
    }
    focusIndex = -1;
    var details = document.querySelector("#board details.last-trick");
    if (details && lastTrickOpen) { details.open = true; }
    announceStatus(initial);
  }
})();
