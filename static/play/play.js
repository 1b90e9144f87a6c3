// Cuori seat page (000's interface): click cards to raise them for the pass, then Confirm;
// play a card by double click, by selecting it then clicking the table, or by dragging it
// to the table. The server decides: every action posts the card and the version shown.
(function () {
  "use strict";
  var selected = null;   // the card code selected for play
  var dragging = false;
  var lastTrickOpen = false;

  function board() { return document.getElementById("board"); }

  // Polling pauses while the player is dragging a card (the board would be swapped under it).
  window.cuoriPlayIdle = function () { return !dragging; };

  function play(code) {
    var b = board();
    if (!b || !b.dataset.playUrl || !code) { return; }
    selected = null;
    // The CSRF header comes from <body hx-headers> (base.html), inherited through the source.
    htmx.ajax("POST", b.dataset.playUrl, {
      source: b, target: "#board", swap: "outerHTML",
      values: { card: code, v: b.dataset.version }
    });
  }

  function select(button) {
    document.querySelectorAll("#board .playing .card.selected").forEach(function (el) {
      el.classList.remove("selected");
    });
    if (button && selected !== button.dataset.card) {
      selected = button.dataset.card;
      button.classList.add("selected");
    } else {
      selected = null;
    }
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

  // Single click on a card in play: select it (the form's submit is the no-JS fallback).
  document.addEventListener("click", function (event) {
    var card = event.target.closest("#board .playing button.card");
    if (card) {
      event.preventDefault();
      if (!card.disabled) { select(card); }
      return;
    }
    var drop = event.target.closest("#board [data-drop=table]");
    if (drop && selected) { play(selected); }
  });

  document.addEventListener("dblclick", function (event) {
    var card = event.target.closest("#board .playing button.card.legal");
    if (card) { event.preventDefault(); play(card.dataset.card); }
  });

  document.addEventListener("change", function (event) {
    if (event.target.closest("#board form.passing")) { updateConfirm(); }
  });

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

  // After a refresh: keep the cards raised for the pass, the selection and the last trick open.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var form = document.querySelector("#board form.passing");
    window.cuoriRaised = form ? Array.from(form.querySelectorAll("input[name=card]:checked")).map(function (b) { return b.value; }) : [];
  });
  document.addEventListener("htmx:afterSettle", restore);
  document.addEventListener("DOMContentLoaded", restore);

  function restore() {
    var form = document.querySelector("#board form.passing");
    if (form && window.cuoriRaised) {
      form.querySelectorAll("input[name=card]").forEach(function (box) {
        box.checked = window.cuoriRaised.indexOf(box.value) >= 0;
      });
    }
    updateConfirm();
    if (selected) {
      var card = document.querySelector('#board .playing button.card.legal[data-card="' + selected + '"]');
      if (card) { card.classList.add("selected"); } else { selected = null; }
    }
    var details = document.querySelector("#board details.last-trick");
    if (details && lastTrickOpen) { details.open = true; }
  }
})();
