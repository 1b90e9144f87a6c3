// Cuori: after htmx swaps a fragment in, focus the field marked autofocus (the score sheet's
// entry row is cleared and focused for the next hand). No other script is needed.
document.addEventListener("htmx:afterSettle", function (event) {
  var target = event.detail.elt;
  var field = target && target.querySelector ? target.querySelector("[autofocus]") : null;
  if (field && document.activeElement !== field) {
    field.focus();
    if (field.select) { field.select(); }
  }
});
